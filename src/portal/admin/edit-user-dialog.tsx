import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../ui/modal';
import { ApiError } from '../../lib/api-client';
import type { Account } from '../../shared/api/users';
import { useUpdateAccount } from './admin-queries';
import { UserFields } from './user-fields';
import { isBde, isFranchiseBde } from '../../shared/roles';
import { TextField } from '../../ui/text-field';
import { FormBanner } from '../../ui/form-banner';

interface EditUserDialogProps {
  user: Account;
  roles: string[];
  /** A role to start with (the row's role select chose FBDE, which needs a city first). */
  role?: string;
  self: boolean;
  onSaved: (user: Account) => void;
  onClose: () => void;
}

/**
 * Name, email, role and city of an account, and for a BDE or FBDE the last day they are away. A new role ends the
 * user's sessions: they log in again with it.
 */
export function EditUserDialog({ user, roles, role, self, onSaved, onClose }: EditUserDialogProps) {
  const [values, setValues] = useState({
    fullName: user.fullName ?? '',
    email: user.email ?? '',
    role: role ?? user.role,
    city: user.city ?? '',
  });
  const [awayUntil, setAwayUntil] = useState(user.awayUntil ?? '');
  const awayId = useId();
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateAccount();
  const busy = update.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isFranchiseBde(values.role) && !values.city.trim()) return setError('An FBDE works a franchise city: enter the city.');
    setError(null);
    try {
      const { user: saved } = await update.mutateAsync({
        id: user.id,
        fullName: values.fullName.trim() || null,
        email: values.email.trim() || null,
        city: isFranchiseBde(values.role) ? values.city.trim() : user.city,
        ...(isBde(values.role) ? { awayUntil: awayUntil || null } : {}),
        ...(self ? {} : { role: values.role }),
      });
      onSaved(saved);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong.');
    }
  }

  return (
    <Modal title={`Edit ${user.username}`} onClose={onClose} locked={busy}>
      <form onSubmit={submit} noValidate className="admin-form">
        <UserFields values={values} roles={self ? [user.role] : roles} onChange={setValues} disabled={busy} />
        {isBde(values.role) ? (
          <TextField
            id={awayId}
            label="Away until"
            type="date"
            value={awayUntil}
            onChange={(e) => setAwayUntil(e.target.value)}
            disabled={busy}
            help="Their last day away: no new lead goes to them until the day after. Leave it empty while they are in."
          />
        ) : null}
        {self ? <p className="field-help">You cannot change your own role.</p> : null}
        {!self && values.role !== user.role ? <p className="field-help">Changing the role logs {user.username} out everywhere.</p> : null}
        <FormBanner message={error} />
        <div className="button-row">
          <button type="button" className="button button-light" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
