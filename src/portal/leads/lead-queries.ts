import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { apiQuery, pageQuery, selectQuery } from '../../lib/api-query';
import type { AssigneeList, ContactLog, LeadChange, LeadDetail, LeadFacets, LeadPage, Note, ToDo } from '../../shared/api/leads';
import type { SessionReply } from '../../shared/api/auth';
import type { LeadPerson } from '../../shared/api/people';

/** Every query of the leads feature sits under 'leads', so one invalidation reaches what a change affects. */
const leadKeys = {
  lists: ['leads', 'list'] as const,
  list: (query: string) => ['leads', 'list', query] as const,
  // Under the lists: whatever changes a list changes the To do list too.
  toDo: ['leads', 'list', 'to-do'] as const,
  facets: (query: string) => ['leads', 'facets', query] as const,
  detail: (id: string) => ['leads', 'detail', id] as const,
  // Under the lead's detail: a merge changes both, and its history.
  person: (id: string) => ['leads', 'detail', id, 'person'] as const,
  assignees: ['leads', 'assignees'] as const,
  me: ['leads', 'me'] as const,
};

/** A page of leads for a query string; null while a lead is open in place of the list. */
export function useLeads(query: string | null) {
  return useQuery({ ...pageQuery<LeadPage>(leadKeys.list(query ?? ''), `/api/leads?${query}`), enabled: query !== null });
}

export function useLeadFacets(query: string) {
  return useQuery(apiQuery<LeadFacets>(leadKeys.facets(query), `/api/leads/facets?${query}`));
}

/** The BDEs and FBDEs an admin can assign leads to. */
export function useAssignees(enabled: boolean) {
  return useQuery({ ...selectQuery(leadKeys.assignees, '/api/bde/users', (data: AssigneeList) => data.users), enabled });
}

/** The logged-in account, for an FBDE's franchise city. */
export function useMyCity(enabled: boolean) {
  return useQuery({ ...selectQuery(leadKeys.me, '/api/auth/me', (data: SessionReply) => data.user.city), enabled });
}

export function useLead(id: string) {
  return useQuery(apiQuery<LeadDetail>(leadKeys.detail(id), `/api/leads/${id}`));
}

/** Changes a lead's status or assignee; the lead shows the answer and the lists fetch again. */
export function useUpdateLead(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LeadChange) => api<LeadDetail>(`/api/leads/${id}`, { method: 'PATCH', body }),
    onSuccess: (lead) => {
      client.setQueryData(leadKeys.detail(id), lead);
      return client.invalidateQueries({ queryKey: leadKeys.lists });
    },
  });
}

/** Logs a contact with the lead; the lead shows the answer and the lists, To do among them, fetch again. */
export function useLogContact(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactLog) => api<LeadDetail>(`/api/leads/${id}/contacts`, { body }),
    onSuccess: (lead) => {
      client.setQueryData(leadKeys.detail(id), lead);
      return client.invalidateQueries({ queryKey: leadKeys.lists });
    },
  });
}

/** The signed-in person's To do list. */
export function useToDo() {
  return useQuery(apiQuery<ToDo>(leadKeys.toDo, '/api/leads/to-do'));
}

export function useAddNote(leadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api<Note>(`/api/leads/${leadId}/notes`, { body: { body } }),
    onSuccess: (note) =>
      client.setQueryData<LeadDetail>(leadKeys.detail(leadId), (lead) => lead && { ...lead, notes: [...lead.notes, note] }),
  });
}

/** The person behind a lead: who else they are known as and what else they sent. */
export function useLeadPerson(leadId: string) {
  return useQuery(apiQuery<LeadPerson>(leadKeys.person(leadId), `/api/leads/${leadId}/person`));
}

/**
 * ADMIN: merges the person of another lead (by its reference) into this lead's person, or separates one merged in;
 * the lead's person and history fetch again.
 */
export function useChangePerson(leadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { merge: string } | { separate: string }) =>
      'merge' in change
        ? api<LeadPerson>(`/api/leads/${leadId}/person/merge`, { body: { with: change.merge } })
        : api<LeadPerson>(`/api/leads/${leadId}/person/parts/${change.separate}/separate`, { method: 'POST' }),
    onSuccess: (person) => {
      client.setQueryData(leadKeys.person(leadId), person);
      return client.invalidateQueries({ queryKey: leadKeys.detail(leadId), predicate: (query) => query.queryKey.length === 3 });
    },
  });
}
