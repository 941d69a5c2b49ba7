import { STATUS_LABELS, type LeadStatus } from './lead-types';

export function StatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`status-badge status-${status}`}>{STATUS_LABELS[status] ?? status}</span>;
}
