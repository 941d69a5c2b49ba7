import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../ui/api-client';
import type { JobDetail, JobFields, JobRequest, Paged, PortalJob, PublicJob, PublicJobSummary } from './job-types';

/** Jobs, public and in the portal, and the job requests they are published from, all sit under 'jobs'. */
const jobKeys = {
  all: ['jobs'] as const,
  openings: (query: string) => ['jobs', 'public', 'list', query] as const,
  opening: (id: string) => ['jobs', 'public', 'job', id] as const,
  list: (page: number) => ['jobs', 'portal', 'list', page] as const,
  job: (id: string) => ['jobs', 'portal', 'job', id] as const,
  request: (id: string) => ['jobs', 'request', id] as const,
};

export function useJobOpenings(query: string) {
  return useQuery({
    queryKey: jobKeys.openings(query),
    queryFn: ({ signal }) => api<Paged<PublicJobSummary>>(`/api/jobs/public?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useJobOpening(id: string) {
  return useQuery({
    queryKey: jobKeys.opening(id),
    queryFn: ({ signal }) => api<{ job: PublicJob }>(`/api/jobs/public/${encodeURIComponent(id)}`, { signal }),
    select: (data) => data.job,
  });
}

export function useJobs(page: number) {
  return useQuery({
    queryKey: jobKeys.list(page),
    queryFn: ({ signal }) => api<Paged<PortalJob>>(`/api/jobs?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A job in the portal; null while there is none to load (a request not yet published). */
export function useJob(id: string | null) {
  return useQuery({
    queryKey: jobKeys.job(id ?? ''),
    queryFn: ({ signal }) => api<JobDetail>(`/api/jobs/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
  });
}

/** Edits, closes or reopens a job; every list and page of jobs fetches again. */
export function useUpdateJob(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<JobFields> & { status?: 'published' | 'closed' }) => api(`/api/jobs/${id}`, { method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

export function useJobRequest(id: string) {
  return useQuery({
    queryKey: jobKeys.request(id),
    queryFn: ({ signal }) => api<{ request: JobRequest }>(`/api/job-requests/${encodeURIComponent(id)}`, { signal }),
    select: (data) => data.request,
  });
}

/** Publishes a request as a job (or saves the job it already is); the request and every job view fetch again. */
export function usePublishJobRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: JobFields) => api<{ job: PortalJob }>(`/api/job-requests/${id}/publish`, { body: fields }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
