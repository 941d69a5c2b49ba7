/** What the leads API answers (src/server/routes/leads.ts); the browser keeps its own copy of the shapes. */

export const LEAD_STATUSES = ['new', 'contacted', 'converted', 'closed'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const STATUS_LABELS: Record<LeadStatus, string> = { new: 'New', contacted: 'Contacted', converted: 'Converted', closed: 'Closed' };

/** The collection job postings are filed under; the BDE portal gives them their own tab. */
export const JOB_REQUESTS = 'JobRequests';

export interface Person {
  id: string;
  username: string;
  fullName: string | null;
}

export const personName = (person: Person) => person.fullName || person.username;

export interface LeadSummary {
  id: string;
  formId: string;
  collection: string;
  page: string;
  city: string | null;
  status: LeadStatus;
  createdAt: string;
  assignedTo: Person | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  summary: string;
  hasResume: boolean;
}

export interface LeadList {
  items: LeadSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export interface LeadFacets {
  forms: { id: string; title: string }[];
  collections: string[];
  cities: string[];
}

export interface Note {
  id: string;
  body: string;
  createdAt: string;
  author: Person;
}

export interface LeadDetail extends LeadSummary {
  formTitle: string;
  updatedAt: string | null;
  fields: { key: string; label: string; value: string }[];
  consent: { text?: string; givenAt?: string; page?: string } | null;
  notes: Note[];
  resume: { id: string; name: string; size: number; type: string } | null;
}

export interface Assignee extends Person {
  role: string;
  city: string | null;
}
