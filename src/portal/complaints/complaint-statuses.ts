import type { ComplaintStatus } from '../../shared/api/complaints';

/** The statuses as admins read them, in the order a complaint moves through them. */
export const STATUS_OPTIONS: { value: ComplaintStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'in-progress', label: 'In progress' },
  { value: 'resolved', label: 'Resolved' },
];

export const statusLabel = (status: string) => STATUS_OPTIONS.find((s) => s.value === status)?.label ?? status;
