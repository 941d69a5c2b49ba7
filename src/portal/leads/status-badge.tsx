import type { LeadStatus } from '../../shared/lead-statuses';
import { STATUS_LABELS } from './lead-labels';

export function StatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`status-badge status-${status}`}>{STATUS_LABELS[status] ?? status}</span>;
}
