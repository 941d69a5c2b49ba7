import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import type { Account } from '../../shared/api/users';
import { useCreateAccount } from './admin-queries';
import { UserFields, type UserFieldValues } from './user-fields';
import { isBde, isFranchiseBde } from '../../shared/roles';
import { FormBanner } from '../../ui/form-banner';
import { TextField } from '../../ui/text-field';
import { USERNAME_HELP } from './user-fields';

const empty = (role: string): UserFieldValues & { username: string; password: string } => ({
  username: '',
  fullName: '',
  email: '',
  role,
  city: '',
  password: '',
});

/** A new staff account. Without a password the server makes a temporary one, which onCreated receives to show once. */
export function CreateUserForm({
  roles,
  onCreated,
}: {
  /** The roles this admin may give; at least one, or there is no account to create. */
  roles: [string, ...string[]];
  onCreated: (user: Account, temporaryPassword?: string) => void;
}) {
  const id = useId();
  const [values, setValues] = useState(() => empty(roles.find(isBde) ?? roles[0]));
  const [error, setError] = useState<string | null>(null);
  // A field the form refuses before asking the server: its message sits under it and focus goes to it.
  const [refused, setRefused] = useState<{ field: 'username' | 'city' | 'password'; message: string } | null>(null);
  const create = useCreateAccount();
  const busy = create.isPending;
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refused) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);
  const refusal = (field: 'username' | 'city' | 'password') => (refused?.field === field ? refused.message : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.username.trim()) return setRefused({ field: 'username', message: 'Username is required' });
    if (isFranchiseBde(values.role) && !values.city.trim())
      return setRefused({ field: 'city', message: 'An FBDE works a franchise city: enter the city.' });
    if (values.password && values.password.length < 10)
      return setRefused({ field: 'password', message: 'That password is too short. Use at least 10 characters.' });
    setRefused(null);
    setError(null);
    try {
      const { user, temporaryPassword } = await create.mutateAsync({
        username: values.username.trim(),
        role: values.role,
        fullName: values.fullName.trim() || null,
        email: values.email.trim() || null,
        city: isFranchiseBde(values.role) ? values.city.trim() : null,
        ...(values.password ? { password: values.password } : {}),
      });
      setValues(empty(values.role));
      onCreated(user, temporaryPassword);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong.');
    }
  }

  return (
    <form ref={formRef} className="admin-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Add a user</h2>
      <div className="admin-form-grid">
        <TextField
          id={`${id}-username`}
          label="Username"
          required
          help={USERNAME_HELP}
          error={refusal('username')}
          value={values.username}
          onChange={(e) => setValues({ ...values, username: e.target.value })}
          maxLength={40}
          autoComplete="off"
        />
        <UserFields
          values={values}
          roles={roles}
          onChange={(v) => setValues({ ...values, ...v })}
          disabled={busy}
          cityError={refusal('city')}
        />
        <TextField
          id={`${id}-password`}
          label="Password"
          type="password"
          help="Leave empty to generate a temporary password, shown once."
          error={refusal('password')}
          value={values.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
          autoComplete="new-password"
        />
      </div>
      <FormBanner message={error} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Creating…' : 'Create user'}
      </button>
    </form>
  );
}
