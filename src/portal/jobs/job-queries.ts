import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { apiQuery, pageQuery, selectQuery } from '../../lib/api-query';
import { useCityPages } from '../../content/city-pages';
import type {
  ApplicantPage,
  CandidateReply,
  JobChanges,
  JobDetail,
  JobPage,
  JobReply,
  JobRequestReply,
  OpeningsPage,
  PublicJobReply,
  PublishJobBody,
} from '../../shared/api/jobs';
import { openingsPageOf } from '../../shared/job-openings-pages';
import type { JobLanguage } from '../../shared/job-locales';

/** Jobs, public and in the portal, and the job requests they are published from, all sit under 'jobs'. */
const jobKeys = {
  all: ['jobs'] as const,
  openings: (query: string) => ['jobs', 'public', 'list', query] as const,
  opening: (id: string, lang: JobLanguage) => ['jobs', 'public', 'job', id, lang] as const,
  list: (query: string) => ['jobs', 'portal', 'list', query] as const,
  job: (id: string) => ['jobs', 'portal', 'job', id] as const,
  applicants: (id: string, query: string) => ['jobs', 'portal', 'job', id, 'applicants', query] as const,
  candidate: (id: string, candidateId: string) => ['jobs', 'portal', 'job', id, 'candidate', candidateId] as const,
  request: (id: string) => ['jobs', 'request', id] as const,
};

/** What a public job screen asks the API for: the server fetches the same before it renders the screen. */
export interface PublicJobRequest {
  queryKey: readonly unknown[];
  path: string;
}

/** The page of openings an address shows: its number, location and words, as the API takes them, in a language. */
export function openingsRequest(address: URLSearchParams, lang: JobLanguage = 'en'): PublicJobRequest {
  const query = new URLSearchParams();
  const page = openingsPageOf(address);
  if (page > 1) query.set('page', String(page));
  for (const key of ['location', 'q']) {
    const value = address.get(key);
    if (value) query.set(key, value);
  }
  if (lang !== 'en') query.set('lang', lang);
  const text = query.toString();
  return { queryKey: jobKeys.openings(text), path: `/api/jobs/public?${text}` };
}

export function openingRequest(id: string, lang: JobLanguage = 'en'): PublicJobRequest {
  const query = lang === 'en' ? '' : `?lang=${lang}`;
  return { queryKey: jobKeys.opening(id, lang), path: `/api/jobs/public/${encodeURIComponent(id)}${query}` };
}

/** The city pages' names, whose cities the openings can be filtered by. */
export function useCityPageNames(): string[] {
  return useCityPages().map((city) => city.name);
}

export function useJobOpenings(address: URLSearchParams, lang: JobLanguage) {
  const { queryKey, path } = openingsRequest(address, lang);
  return useQuery(pageQuery<OpeningsPage>(queryKey, path));
}

export function useJobOpening(id: string, lang: JobLanguage) {
  const { queryKey, path } = openingRequest(id, lang);
  // A job the server found missing stays missing on this page: its 404, rendered in the HTML, is not asked again.
  return useQuery({ ...selectQuery(queryKey, path, (data: PublicJobReply) => data.job), retryOnMount: false });
}

export function useJobs(query: string) {
  return useQuery(pageQuery<JobPage>(jobKeys.list(query), `/api/jobs?${query}`));
}

/** A job in the portal; null while there is none to load (a request not yet published). */
export function useJob(id: string | null) {
  return useQuery({
    ...apiQuery<JobDetail>(jobKeys.job(id ?? ''), `/api/jobs/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null,
  });
}

/** A page of a job's applicants, for those who may see them. */
export function useJobApplicants(id: string, query: string) {
  return useQuery(pageQuery<ApplicantPage>(jobKeys.applicants(id, query), `/api/jobs/${encodeURIComponent(id)}/applicants?${query}`));
}

/** One candidate of a job's pipeline, with their history and placement. */
export function useCandidate(id: string, candidateId: string) {
  const path = `/api/jobs/${encodeURIComponent(id)}/applicants/${encodeURIComponent(candidateId)}`;
  return useQuery(apiQuery<CandidateReply>(jobKeys.candidate(id, candidateId), path));
}

/**
 * A change to a job's pipeline (a move, an owner, a note, a candidate added): the job, its lists and its candidates
 * fetch again, since a move changes the counts and the applicant count too.
 */
export function usePipelineChange<Body>(id: string, request: (body: Body) => { path: string; method: 'POST' | 'PATCH' }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => {
      const { path, method } = request(body);
      return api<unknown>(`/api/jobs/${encodeURIComponent(id)}${path}`, { method, body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: jobKeys.job(id) }),
  });
}

/** Edits, closes or reopens a job; every list and page of jobs fetches again. */
export function useUpdateJob(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: JobChanges) => api<JobReply>(`/api/jobs/${id}`, { method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

export function useJobRequest(id: string) {
  const path = `/api/job-requests/${encodeURIComponent(id)}`;
  return useQuery(selectQuery(jobKeys.request(id), path, (data: JobRequestReply) => data));
}

/** Publishes a request as a job (or saves the job it already is); the request and every job view fetch again. */
export function usePublishJobRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: PublishJobBody) => api<JobReply>(`/api/job-requests/${id}/publish`, { body: fields }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
