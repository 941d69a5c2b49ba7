import type { Person } from '../../shared/api/leads';
import type { LeadStatus } from '../../shared/lead-statuses';

export const STATUS_LABELS: Record<LeadStatus, string> = { new: 'New', contacted: 'Contacted', converted: 'Converted', closed: 'Closed' };

/** The collection job postings are filed under; the BDE portal gives them their own tab. */
export const JOB_REQUESTS = 'JobRequests';

export const personName = (person: Person) => person.fullName || person.username;
