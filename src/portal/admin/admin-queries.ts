import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { apiQuery, pageQuery, selectQuery } from '../../lib/api-query';
import type { CandidateList } from '../../shared/api/candidates';
import type { Dashboard, DashboardTrends } from '../../shared/api/dashboard';
import type { Approval, RecruiterRequestList, RecruiterRequestReply } from '../../shared/api/recruiter-requests';
import type { NewTeamMember, TeamList, TeamMemberChanges, TeamMemberReply } from '../../shared/api/team';
import type { AccountChanges, AccountCreated, AccountList, AccountReply, NewAccount, PasswordReset } from '../../shared/api/users';
import type { VitalsSummary } from '../../shared/api/vitals';
import type { CorrectionAnswer, DataRequestQueue } from '../../shared/api/data-requests';
import type { InvoiceBody, PlacementReport } from '../../shared/api/placements';
import type { InvoiceStatus } from '../../shared/pipeline-stages';
import type { RoutingHistory, RoutingInForce, SaveRouting } from '../../shared/api/lead-routing';

/** Every query of the admin feature sits under 'admin', grouped by what a change can affect. */
const adminKeys = {
  dashboard: ['admin', 'dashboard'] as const,
  trends: ['admin', 'dashboard', 'trends'] as const,
  users: ['admin', 'users'] as const,
  candidates: ['admin', 'candidates'] as const,
  requests: ['admin', 'recruiter-requests'] as const,
  team: ['admin', 'team'] as const,
  vitals: ['admin', 'vitals'] as const,
  dataRequests: ['admin', 'data-requests'] as const,
  routing: ['admin', 'lead-routing'] as const,
  placements: ['admin', 'placements'] as const,
};

/** The placements report of the months in `query` (from, to; the last twelve when empty). */
export function usePlacementReport(query: string) {
  return useQuery(pageQuery<PlacementReport>([...adminKeys.placements, query], `/api/placements/report?${query}`));
}

/** Marks a placement to invoice, invoiced or paid; every placements report fetches again. */
export function useSetInvoiceStatus(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invoiceStatus: InvoiceStatus) =>
      api<unknown>(`/api/placements/${id}`, { method: 'PATCH', body: { invoiceStatus } satisfies InvoiceBody }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.placements }),
  });
}

export function useDashboard() {
  return useQuery(apiQuery<Dashboard>(adminKeys.dashboard, '/api/admin/dashboard'));
}

/** The dashboard's charts: leads per day by city and source, and first replies, over the last 90 days. */
export function useDashboardTrends() {
  return useQuery(apiQuery<DashboardTrends>(adminKeys.trends, '/api/admin/dashboard/trends'));
}

/** Requests to see, correct or erase personal data, newest first. */
export function useDataRequests() {
  return useQuery(selectQuery(adminKeys.dataRequests, '/api/admin/data-requests', (data: DataRequestQueue) => data.items));
}

/** An admin's answer to a confirmed correction, mailed to the person; the queue is fetched again. */
export function useAnswerCorrection(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrectionAnswer) => api<void>(`/api/admin/data-requests/${encodeURIComponent(id)}/answer`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.dataRequests }),
  });
}

/** Visitors' Core Web Vitals per page, for the dashboard's page speed panel. */
export function useVitals() {
  return useQuery(apiQuery<VitalsSummary>(adminKeys.vitals, '/api/vitals'));
}

export function useAccounts(query: string) {
  return useQuery(pageQuery<AccountList>([...adminKeys.users, query], `/api/admin/users?${query}`));
}

/** After a change to accounts: the lists of users and the dashboard's count of active ones. */
function useAccountsChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: adminKeys.users }), client.invalidateQueries({ queryKey: adminKeys.dashboard })]);
}

export function useCreateAccount() {
  const changed = useAccountsChanged();
  return useMutation({
    mutationFn: (body: NewAccount) => api<AccountCreated>('/api/admin/users', { body }),
    onSuccess: () => changed(),
  });
}

export function useUpdateAccount() {
  const changed = useAccountsChanged();
  return useMutation({
    mutationFn: ({ id, ...body }: AccountChanges & { id: string }) =>
      api<AccountReply>(`/api/admin/users/${id}`, { method: 'PATCH', body }),
    onSuccess: () => changed(),
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (id: string) => api<PasswordReset>(`/api/admin/users/${id}/password`, { body: {} }) });
}

export function useCandidates(query: string) {
  return useQuery(pageQuery<CandidateList>([...adminKeys.candidates, query], `/api/admin/candidates?${query}`));
}

export function useRecruiterRequests(query: string) {
  return useQuery(pageQuery<RecruiterRequestList>([...adminKeys.requests, 'list', query], `/api/admin/recruiter-requests?${query}`));
}

export function useRecruiterRequest(id: string) {
  return useQuery(
    apiQuery<RecruiterRequestReply>([...adminKeys.requests, 'detail', id], `/api/admin/recruiter-requests/${encodeURIComponent(id)}`),
  );
}

/** After a request is decided: the requests (list and detail), the dashboard, and for an approval the users. */
function useRequestsChanged() {
  const client = useQueryClient();
  return (withUsers: boolean) =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.requests }),
      client.invalidateQueries({ queryKey: adminKeys.dashboard }),
      withUsers ? client.invalidateQueries({ queryKey: adminKeys.users }) : null,
    ]);
}

/** Approves a request into a RECRUITER account, shown with its temporary password. */
export function useApproveRecruiterRequest(id: string) {
  const changed = useRequestsChanged();
  return useMutation({
    mutationFn: (username: string) => api<Approval>(`/api/admin/recruiter-requests/${id}/approve`, { body: { username } }),
    onSuccess: () => changed(true),
  });
}

export function useRejectRecruiterRequest(id: string) {
  const changed = useRequestsChanged();
  return useMutation({
    mutationFn: () => api(`/api/admin/recruiter-requests/${id}/reject`, { body: {} }),
    onSuccess: () => changed(false),
  });
}

export function useTeam() {
  return useQuery(selectQuery(adminKeys.team, '/api/admin/team', (data: TeamList) => data.members));
}

/** Every change to the team refetches it, so its order and visibility are the server's. */
function useTeamMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.team }) });
}

export const useSaveTeamMember = () =>
  useTeamMutation(({ id, ...body }: NewTeamMember & { id?: string }) =>
    id ? api<TeamMemberReply>(`/api/admin/team/${id}`, { method: 'PATCH', body }) : api<TeamMemberReply>('/api/admin/team', { body }),
  );
export const useSetTeamMemberVisible = () =>
  useTeamMutation(({ id, visible }: { id: string; visible: boolean }) =>
    api<TeamMemberReply>(`/api/admin/team/${id}`, { method: 'PATCH', body: { visible } satisfies TeamMemberChanges }),
  );
export const useRemoveTeamMember = () => useTeamMutation((id: string) => api(`/api/admin/team/${id}`, { method: 'DELETE' }));
export const useReorderTeam = () => useTeamMutation((ids: string[]) => api('/api/admin/team/order', { body: { ids } }));

/** The lead-routing rules in force, with the forms, roles, people and cities the editor offers. */
export function useLeadRouting() {
  return useQuery({ ...apiQuery<RoutingInForce>(adminKeys.routing, '/api/admin/lead-routing'), refetchOnWindowFocus: false });
}

export function useLeadRoutingHistory() {
  return useQuery(apiQuery<RoutingHistory>([...adminKeys.routing, 'history'], '/api/admin/lead-routing/history'));
}

/** Saves a version of the rules (a restore is one); the rules in force and the history are then the server's. */
export function useSaveLeadRouting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveRouting) => api<RoutingInForce>('/api/admin/lead-routing', { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(adminKeys.routing, saved);
      return Promise.all([
        client.invalidateQueries({ queryKey: [...adminKeys.routing, 'history'] }),
        client.invalidateQueries({ queryKey: adminKeys.dashboard }),
      ]);
    },
  });
}
