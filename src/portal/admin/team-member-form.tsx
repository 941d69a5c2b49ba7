import { useCallback, useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import type { TeamMember } from '../../shared/api/team';
import { AvatarUpload, type Avatar } from './avatar-upload';
import { useSaveTeamMember } from './admin-queries';
import { FormBanner } from '../../ui/form-banner';
import { TextField } from '../../ui/text-field';

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

  /** Name and role: both needed, at most 100 characters, each with its own error. */
  const field = (key: 'name' | 'role', value: string, set: (value: string) => void) => ({
    id: `${id}-${key}`,
    required: true,
    maxLength: 100,
    error: errors[key],
    value,
    onChange: (e: { target: { value: string } }) => set(e.target.value),
  });

  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <div className="admin-form-grid">
        <TextField label="Name" {...field('name', name, setName)} />
        <TextField label="Role" {...field('role', role, setRole)} placeholder="City Lead, Surat" />
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
      <FormBanner message={errors.form} />
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
