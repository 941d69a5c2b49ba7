/** A recruiter request's submission status as the admin reads it: converted means approved, closed rejected. */
export const REQUEST_STATUSES = [
  { value: 'new', label: 'New' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'converted', label: 'Approved' },
  { value: 'closed', label: 'Rejected' },
];

export const requestStatusLabel = (status: string) => REQUEST_STATUSES.find((s) => s.value === status)?.label ?? status;
