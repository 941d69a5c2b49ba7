import { useCallback, useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../ui/api-client';
import type { TeamMember } from '../../shared/api/team';
import { AvatarUpload, type Avatar } from './avatar-upload';
import { useSaveTeamMember } from './admin-queries';

interface TeamMemberFormProps {
  /** The member to edit; absent, a new one is added. */
  member?: TeamMember;
  onSaved: (member: TeamMember) => void;
  onCancel?: () => void;
  /** The form is in a dialog, which must not close while the form saves or uploads. */
  onBusy?: (busy: boolean) => void;
}

/** Name, role, a short biography, a photo and whether the public Our Team page shows the member. */
export function TeamMemberForm({ member, onSaved, onCancel, onBusy }: TeamMemberFormProps) {
  const id = useId();
  const [name, setName] = useState(member?.name ?? '');
  const [role, setRole] = useState(member?.role ?? '');
  const [bio, setBio] = useState(member?.bio ?? '');
  const [visible, setVisible] = useState(member?.visible ?? true);
  const [avatar, setAvatar] = useState<Avatar>({ uploadId: member?.avatarUploadId ?? null, previewUrl: member?.avatarUrl ?? null });
  const [uploading, setUploading] = useState(false);
  const save = useSaveTeamMember();
  const saving = save.isPending;
  const [errors, setErrors] = useState<{ name?: string; role?: string; form?: string }>({});
  const busy = saving || uploading;
  const reportUploading = useCallback(
    (running: boolean) => {
      setUploading(running);
      onBusy?.(running);
    },
    [onBusy],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = { name: name.trim() ? undefined : 'Name is required', role: role.trim() ? undefined : 'Role is required' };
    setErrors(found);
    if (found.name || found.role || uploading) return;
    onBusy?.(true);
    try {
      const { member: saved } = await save.mutateAsync({
        id: member?.id,
        name: name.trim(),
        role: role.trim(),
        bio: bio.trim() || null,
        visible,
        avatarUploadId: avatar.uploadId,
      });
      if (!member) {
        setName('');
        setRole('');
        setBio('');
        setVisible(true);
        setAvatar({ uploadId: null, previewUrl: null });
      }
      onSaved(saved);
    } catch (e) {
      setErrors({ form: e instanceof ApiError ? e.message : 'Something went wrong.' });
    } finally {
      onBusy?.(false);
    }
  }

  const fieldError = (key: 'name' | 'role') =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="text-danger">
        {errors[key]}
      </p>
    ) : null;

  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <div className="admin-form-grid">
        <div className={`form-group${errors.name ? ' has-error' : ''}`}>
          <label className="control-label" htmlFor={`${id}-name`}>
            Name
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id={`${id}-name`}
            className="form-control"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
          />
          {fieldError('name')}
        </div>
        <div className={`form-group${errors.role ? ' has-error' : ''}`}>
          <label className="control-label" htmlFor={`${id}-role`}>
            Role
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id={`${id}-role`}
            className="form-control"
            value={role}
            onChange={(e) => setRole(e.target.value)}
            maxLength={100}
            placeholder="City Lead, Surat"
            aria-invalid={errors.role ? true : undefined}
            aria-describedby={errors.role ? `${id}-role-error` : undefined}
          />
          {fieldError('role')}
        </div>
      </div>
      <div className="form-group">
        <label className="control-label" htmlFor={`${id}-bio`}>
          Short biography
        </label>
        <textarea
          id={`${id}-bio`}
          className="form-control"
          rows={3}
          value={bio}
          onChange={(e) => setBio(e.target.value)}
          maxLength={1000}
        />
      </div>
      <AvatarUpload value={avatar} name={name} onChange={setAvatar} onBusy={reportUploading} />
      <div className="form-group">
        <label className="admin-checkbox">
          <input type="checkbox" checked={visible} onChange={(e) => setVisible(e.target.checked)} /> Show on the Our Team page
        </label>
      </div>
      {errors.form ? (
        <p className="form-banner" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="button-row">
        {onCancel ? (
          <button type="button" className="button button-light" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="button" disabled={busy}>
          {saving ? 'Saving…' : member ? 'Save' : 'Add member'}
        </button>
      </div>
    </form>
  );
}
