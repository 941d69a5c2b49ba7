/** What GET /api/admin/complaints and /api/admin/complaints/:id answer. */
export interface Complaint {
  id: string;
  subject: string;
  message: string;
  status: ComplaintStatus;
  attachmentLink: string | null;
  attachmentType: string | null;
  createdAt: string;
  updatedAt: string | null;
  user: { id: string; username: string; fullName: string | null; email: string | null; role: string };
}

export interface ComplaintList {
  complaints: Complaint[];
  total: number;
  page: number;
  pageSize: number;
  counts: Record<string, number>;
}

export type ComplaintStatus = 'open' | 'in-progress' | 'resolved';

export const COMPLAINT_STATUSES: { value: ComplaintStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'in-progress', label: 'In progress' },
  { value: 'resolved', label: 'Resolved' },
];

export const statusLabel = (status: string) => COMPLAINT_STATUSES.find((s) => s.value === status)?.label ?? status;
