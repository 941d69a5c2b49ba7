import { useState } from 'react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { PortalPage, QueryState } from '../../ui/portal-page';
import { Modal } from '../../ui/modal';
import { DataTable } from '../../ui/data-table';
import type { TeamMember } from '../../shared/api/team';
import { TeamMemberForm } from './team-member-form';
import { useRemoveTeamMember, useReorderTeam, useSetTeamMemberVisible, useTeam } from './admin-queries';
import { Notice } from '../../ui/notice';
import { useActionNotice } from '../../ui/use-action-notice';
import { initials } from '../../shared/initials';

const trail = [{ label: 'Admin', to: '/admin' }];

/** /admin/team: the members the public Our Team page shows, in this order; hidden ones stay here only. */
export default function TeamScreen() {
  const team = useTeam();
  const reorder = useReorderTeam();
  const setVisible = useSetTeamMemberVisible();
  const removeMember = useRemoveTeamMember();
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [dialogBusy, setDialogBusy] = useState(false);
  const { notice, setNotice, run } = useActionNotice();
  const members = team.data ?? [];
  const busy = reorder.isPending || setVisible.isPending || removeMember.isPending;

  const move = async (index: number, by: -1 | 1) => {
    const member = members[index];
    const other = members[index + by];
    if (!member || !other) return;
    const ids = members.map((m) => (m === member ? other.id : m === other ? member.id : m.id));
    await run(() => reorder.mutateAsync(ids), `Moved ${member.name} ${by < 0 ? 'up' : 'down'}.`);
  };
  const toggle = (m: TeamMember) =>
    run(
      () => setVisible.mutateAsync({ id: m.id, visible: !m.visible }),
      m.visible ? `${m.name} is hidden from the Our Team page.` : `${m.name} is shown on the Our Team page.`,
    );
  const remove = (m: TeamMember) => {
    if (!window.confirm(`Remove ${m.name} from the team? To keep them for later, hide them instead.`)) return;
    void run(() => removeMember.mutateAsync(m.id), `Removed ${m.name}.`);
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
        Until at least one member here is shown, the Our Team page keeps the people written into its page file. Once you add members, it
        shows them instead, in this order.
      </p>
      <Notice notice={notice} />
      <QueryState query={team} />
      {team.data ? (
        <div aria-busy={busy}>
          <DataTable
            cards
            rows={members}
            caption="Team members, in the order the Our Team page shows them"
            className="team-table"
            empty={{ title: 'No team members yet', text: 'Add the first member below; they appear on the Our Team page.' }}
            rowProps={(m) => ({ className: m.visible ? undefined : 'is-hidden' })}
            columns={[
              {
                header: 'Photo',
                visuallyHidden: true,
                cell: (m) =>
                  m.avatarUrl ? (
                    <img className="team-avatar" src={m.avatarUrl} alt="" width={56} height={56} />
                  ) : (
                    <span className="team-avatar team-avatar-empty" aria-hidden="true">
                      {initials(m.name)}
                    </span>
                  ),
              },
              {
                header: 'Member',
                cardTitle: true,
                cell: (m) => (
                  <div className="team-admin-text">
                    <strong>{m.name}</strong>
                    <span>{m.role}</span>
                    {m.visible ? null : <span className="status-badge status-closed">Hidden</span>}
                  </div>
                ),
              },
              {
                header: 'Actions',
                visuallyHidden: true,
                cell: (m) => {
                  const i = members.indexOf(m);
                  return (
                    <div className="admin-row-actions">
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`Move ${m.name} up`}
                        disabled={busy || i === 0}
                        onClick={() => move(i, -1)}
                      >
                        <ArrowUp size={18} aria-hidden="true" />
                      </button>
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`Move ${m.name} down`}
                        disabled={busy || i === members.length - 1}
                        onClick={() => move(i, 1)}
                      >
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
                  );
                },
              },
            ]}
          />
        </div>
      ) : null}

      {team.data ? (
        <section className="portal-card" aria-labelledby="add-member">
          <h2 id="add-member">Add a member</h2>
          <TeamMemberForm onSaved={(m) => setNotice({ tone: 'ok', text: `Added ${m.name}.` })} />
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
            }}
          />
        </Modal>
      ) : null}
    </PortalPage>
  );
}
