import { useState } from 'react';
import { PortalPage, QueryState } from '../../ui/portal-page';
import { DataTable } from '../../ui/data-table';
import { ApiError } from '../../lib/api-client';
import { formatDateTime, formatDay } from '../../shared/india-time';
import { useSession } from '../../lib/use-session';
import type { Account } from '../../shared/api/users';
import { useAccounts, useResetPassword, useUpdateAccount } from './admin-queries';
import { CreateUserForm } from './create-user-form';
import { EditUserDialog } from './edit-user-dialog';
import { PasswordDialog } from './password-dialog';
import { useListParams } from '../../ui/use-list-params';
import { isFranchiseBde } from '../../shared/roles';
import { SearchFilter, SelectFilter } from '../../ui/list-filters';
import { Notice } from '../../ui/notice';

const PAGE_SIZE = 25;
const NONE_MATCH = { title: 'No users match', text: 'Try another search or role.' };
const NONE_YET = { title: 'No users yet', text: 'Add the first account with the form above.' };
const trail = [{ label: 'Admin', to: '/admin' }];

type Dialog =
  { kind: 'password'; title: string; username: string; password: string } | { kind: 'edit'; user: Account; role?: string } | null;

/** /admin/users: staff accounts; create, change role, deactivate or reactivate, reset a password. */
export default function UsersScreen() {
  const session = useSession();
  const { values, set, query, paging } = useListParams(['search', 'role'] as const);
  const accounts = useAccounts(query(PAGE_SIZE));
  const { data } = accounts;
  const update = useUpdateAccount();
  const reset = useResetPassword();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function change(user: Account, body: { role?: string; active?: boolean }, done: string) {
    setBusyId(user.id);
    setNotice(null);
    try {
      await update.mutateAsync({ id: user.id, ...body });
      setNotice({ tone: 'ok', text: done });
    } catch (e) {
      setNotice({ tone: 'error', text: e instanceof ApiError ? e.message : 'Something went wrong.' });
    } finally {
      setBusyId(null);
    }
  }

  function changeRole(user: Account, role: string) {
    if (role === user.role) return;
    if (isFranchiseBde(role) && !user.city) return setDialog({ kind: 'edit', user, role });
    if (!window.confirm(`Make ${user.username} ${role}? They are logged out everywhere and log in again with the new role.`)) return;
    void change(user, { role }, `${user.username} is now ${role}.`);
  }

  function toggleActive(user: Account) {
    if (user.active && !window.confirm(`Deactivate ${user.username}? They are logged out at once and cannot log in until reactivated.`))
      return;
    void change(user, { active: !user.active }, user.active ? `${user.username} is deactivated.` : `${user.username} can log in again.`);
  }

  async function resetPassword(user: Account) {
    if (!window.confirm(`Reset the password of ${user.username}? Their current password stops working and they are logged out.`)) return;
    setBusyId(user.id);
    setNotice(null);
    try {
      const { temporaryPassword } = await reset.mutateAsync(user.id);
      if (temporaryPassword) setDialog({ kind: 'password', title: 'Password reset', username: user.username, password: temporaryPassword });
    } catch (e) {
      setNotice({ tone: 'error', text: e instanceof ApiError ? e.message : 'Something went wrong.' });
    } finally {
      setBusyId(null);
    }
  }

  const roles = data?.roles ?? [];
  const [firstRole, ...otherRoles] = roles;
  return (
    <PortalPage title="Users" trail={trail}>
      {firstRole !== undefined ? (
        <div className="portal-card">
          <CreateUserForm
            roles={[firstRole, ...otherRoles]}
            onCreated={(user, password) => {
              setNotice({ tone: 'ok', text: `Created ${user.username} (${user.role}).` });
              if (password) setDialog({ kind: 'password', title: 'Account created', username: user.username, password });
            }}
          />
        </div>
      ) : null}

      <form className="portal-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <SearchFilter value={values.search} placeholder="Username, name or email" onChange={(search) => set({ search }, true)} />
        <SelectFilter label="Role" value={values.role} all="All roles" options={roles} onChange={(role) => set({ role })} />
      </form>

      <Notice notice={notice} />
      <QueryState query={accounts} />
      {data ? (
        <DataTable
          cards
          rows={data.users}
          caption="Users"
          empty={values.search || values.role ? NONE_MATCH : NONE_YET}
          paging={paging(data, 'users')}
          rowProps={(user) => ({ className: user.active ? undefined : 'is-inactive' })}
          columns={[
            {
              header: 'User',
              cardTitle: true,
              cell: (user) => (
                <>
                  <strong>{user.username}</strong>
                  {user.fullName ? <div className="admin-muted">{user.fullName}</div> : null}
                </>
              ),
            },
            { header: 'Email', cell: (user) => user.email ?? '-' },
            {
              header: 'Role',
              cell: (user) => {
                const self = user.username === session.username;
                return (
                  <select
                    className="admin-inline-select"
                    aria-label={`Role of ${user.username}`}
                    value={user.role}
                    disabled={self || busyId === user.id}
                    title={self ? 'You cannot change your own role.' : undefined}
                    onChange={(e) => changeRole(user, e.target.value)}
                  >
                    {[...new Set([...roles, user.role])].map((r) => (
                      <option key={r} value={r}>
                        {r}
                      </option>
                    ))}
                  </select>
                );
              },
            },
            { header: 'City', cell: (user) => user.city ?? '-' },
            {
              header: 'Status',
              cell: (user) => (
                <>
                  <span className={`status-badge ${user.active ? 'status-resolved' : 'status-closed'}`}>
                    {user.active ? 'Active' : 'Deactivated'}
                  </span>
                  {user.active && user.awayUntil ? <span className="leads-muted">Away until {formatDay(user.awayUntil)}</span> : null}
                </>
              ),
            },
            { header: 'Last login', cell: (user) => (user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Never') },
            {
              header: 'Actions',
              cell: (user) => {
                const busy = busyId === user.id;
                return (
                  <div className="admin-row-actions">
                    <button type="button" className="button button-light" disabled={busy} onClick={() => setDialog({ kind: 'edit', user })}>
                      Edit
                    </button>
                    <button type="button" className="button button-light" disabled={busy} onClick={() => resetPassword(user)}>
                      Reset password
                    </button>
                    {user.username === session.username ? null : (
                      <button type="button" className="button button-light" disabled={busy} onClick={() => toggleActive(user)}>
                        {user.active ? 'Deactivate' : 'Reactivate'}
                      </button>
                    )}
                  </div>
                );
              },
            },
          ]}
        />
      ) : null}

      {dialog?.kind === 'password' ? (
        <PasswordDialog title={dialog.title} username={dialog.username} password={dialog.password} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditUserDialog
          user={dialog.user}
          role={dialog.role}
          roles={roles}
          self={dialog.user.username === session.username}
          onClose={() => setDialog(null)}
          onSaved={(user) => {
            setDialog(null);
            setNotice({ tone: 'ok', text: `Saved ${user.username}.` });
          }}
        />
      ) : null}
    </PortalPage>
  );
}
