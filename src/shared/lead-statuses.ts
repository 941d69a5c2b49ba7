/** Where a submission stands as staff work it: a lead, a job request or a recruiter request alike. */
export const LEAD_STATUSES = ['new', 'contacted', 'converted', 'closed'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
