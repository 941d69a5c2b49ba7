import { useState } from 'react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { EmptyState, LoadState, PortalPage } from '../../ui/portal-page';
import { Modal } from '../../ui/modal';
import { useApi } from '../../ui/use-api';
import { api, ApiError } from '../../ui/api-client';
import type { TeamMember } from './admin-types';
import { TeamMemberForm } from './team-member-form';

const trail = [{ label: 'Admin', to: '/admin' }];

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** /admin/team: the members the public Our Team page shows, in this order; hidden ones stay here only. */
export default function TeamScreen() {
  const { data, error, loading, reload } = useApi<{ members: TeamMember[] }>('/api/admin/team');
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [dialogBusy, setDialogBusy] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const members = data?.members ?? [];

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setNotice(null);
    try {
      await action();
      setNotice({ tone: 'ok', text: done });
      reload();
    } catch (e) {
      setNotice({ tone: 'error', text: e instanceof ApiError ? e.message : 'Something went wrong.' });
    } finally {
      setBusy(false);
    }
  }

  const move = (index: number, by: -1 | 1) => {
    const ids = members.map((m) => m.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    return run(() => api('/api/admin/team/order', { body: { ids } }), `Moved ${members[index]!.name} ${by < 0 ? 'up' : 'down'}.`);
  };
  const toggle = (m: TeamMember) =>
    run(() => api(`/api/admin/team/${m.id}`, { method: 'PATCH', body: { visible: !m.visible } }), m.visible ? `${m.name} is hidden from the Our Team page.` : `${m.name} is shown on the Our Team page.`);
  const remove = (m: TeamMember) => {
    if (!window.confirm(`Remove ${m.name} from the team? To keep them for later, hide them instead.`)) return;
    void run(() => api(`/api/admin/team/${m.id}`, { method: 'DELETE' }), `Removed ${m.name}.`);
  };

  return (
    <PortalPage
      title="Team"
      trail={trail}
      actions={
        <a className="button button-light" href="/team" target="_blank" rel="noopener">
          View the Our Team page
        </a>
      }
    >
      <p className="admin-intro">
        Until at least one member here is shown, the Our Team page keeps the people written into its page file. Once you add members, it shows
        them instead, in this order.
      </p>
      {notice ? (
        <p className={notice.tone === 'ok' ? 'admin-notice' : 'form-banner admin-error'} role={notice.tone === 'ok' ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      <LoadState loading={loading && !data} error={error} onRetry={reload} />
      {data && !members.length ? <EmptyState title="No team members yet">Add the first member below; they appear on the Our Team page.</EmptyState> : null}
      {members.length ? (
        <ol className="team-admin-list" aria-busy={busy}>
          {members.map((m, i) => (
            <li key={m.id} className={`portal-card team-admin-item${m.visible ? '' : ' is-hidden'}`}>
              {m.avatarUrl ? (
                <img className="team-avatar" src={m.avatarUrl} alt="" />
              ) : (
                <span className="team-avatar team-avatar-empty" aria-hidden="true">
                  {initials(m.name)}
                </span>
              )}
              <div className="team-admin-text">
                <strong>{m.name}</strong>
                <span>{m.role}</span>
                {m.visible ? null : <span className="status-badge status-closed">Hidden</span>}
              </div>
              <div className="admin-row-actions">
                <button type="button" className="icon-button" aria-label={`Move ${m.name} up`} disabled={busy || i === 0} onClick={() => move(i, -1)}>
                  <ArrowUp size={18} aria-hidden="true" />
                </button>
                <button type="button" className="icon-button" aria-label={`Move ${m.name} down`} disabled={busy || i === members.length - 1} onClick={() => move(i, 1)}>
                  <ArrowDown size={18} aria-hidden="true" />
                </button>
                <button type="button" className="button button-light" disabled={busy} onClick={() => setEditing(m)}>
                  Edit
                </button>
                <button type="button" className="button button-light" disabled={busy} onClick={() => toggle(m)}>
                  {m.visible ? 'Hide' : 'Show'}
                </button>
                <button type="button" className="button button-light" disabled={busy} onClick={() => remove(m)}>
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}

      {data ? (
        <section className="portal-card" aria-labelledby="add-member">
          <h2 id="add-member">Add a member</h2>
          <TeamMemberForm
            onSaved={(m) => {
              setNotice({ tone: 'ok', text: `Added ${m.name}.` });
              reload();
            }}
          />
        </section>
      ) : null}

      {editing ? (
        <Modal title={`Edit ${editing.name}`} onClose={() => setEditing(null)} locked={dialogBusy}>
          <TeamMemberForm
            member={editing}
            onBusy={setDialogBusy}
            onCancel={() => setEditing(null)}
            onSaved={(m) => {
              setEditing(null);
              setNotice({ tone: 'ok', text: `Saved ${m.name}.` });
              reload();
            }}
          />
        </Modal>
      ) : null}
    </PortalPage>
  );
}
