import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { pageQuery, selectQuery } from '../../lib/api-query';
import type { ComplaintList, ComplaintReply, ComplaintStatus, MyComplaintList, StatusChange } from '../../shared/api/complaints';

const complaintKeys = {
  lists: ['complaints', 'list'] as const,
  list: (query: string) => ['complaints', 'list', query] as const,
  detail: (id: string) => ['complaints', 'detail', id] as const,
  mine: ['complaints', 'mine'] as const,
};

export function useComplaints(query: string) {
  return useQuery(pageQuery<ComplaintList>(complaintKeys.list(query), `/api/admin/complaints?${query}`));
}

/** The signed-in user's own complaints, newest first. */
export function useMyComplaints() {
  return useQuery(selectQuery(complaintKeys.mine, '/api/users/complaints', (data: MyComplaintList) => data.complaints));
}

export function useComplaint(id: string) {
  const path = `/api/admin/complaints/${encodeURIComponent(id)}`;
  return useQuery(selectQuery(complaintKeys.detail(id), path, (data: ComplaintReply) => data.complaint));
}

/** A new status: the complaint shows the answer, and the lists (and their counts by status) fetch again. */
export function useSetComplaintStatus(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: ComplaintStatus) =>
      api<ComplaintReply>(`/api/admin/complaints/${id}`, { method: 'PATCH', body: { status } satisfies StatusChange }),
    onSuccess: (saved) => {
      client.setQueryData(complaintKeys.detail(id), saved);
      return client.invalidateQueries({ queryKey: complaintKeys.lists });
    },
  });
}
