import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../ui/api-client';
import type { Complaint, ComplaintList, ComplaintStatus } from './complaint-types';

const complaintKeys = {
  lists: ['complaints', 'list'] as const,
  list: (query: string) => ['complaints', 'list', query] as const,
  detail: (id: string) => ['complaints', 'detail', id] as const,
};

export function useComplaints(query: string) {
  return useQuery({
    queryKey: complaintKeys.list(query),
    queryFn: ({ signal }) => api<ComplaintList>(`/api/admin/complaints?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useComplaint(id: string) {
  return useQuery({
    queryKey: complaintKeys.detail(id),
    queryFn: ({ signal }) => api<{ complaint: Complaint }>(`/api/admin/complaints/${encodeURIComponent(id)}`, { signal }),
    select: (data) => data.complaint,
  });
}

/** A new status: the complaint shows the answer, and the lists (and their counts by status) fetch again. */
export function useSetComplaintStatus(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: ComplaintStatus) => api<{ complaint: Complaint }>(`/api/admin/complaints/${id}`, { method: 'PATCH', body: { status } }),
    onSuccess: (saved) => {
      client.setQueryData(complaintKeys.detail(id), saved);
      return client.invalidateQueries({ queryKey: complaintKeys.lists });
    },
  });
}
