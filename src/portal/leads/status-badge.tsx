import type { LeadStatus } from '../../shared/lead-statuses';
import { STATUS_LABELS } from './lead-labels';

export function StatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`status-badge status-${status}`}>{STATUS_LABELS[status] ?? status}</span>;
}

/** A lead from a person whose earlier lead came within the repeat window: it went to whoever has that one. */
export function RepeatBadge() {
  return (
    <span className="status-badge status-repeat" title="Sent again by the same person: it went to whoever has their earlier lead">
      Repeat
    </span>
  );
}
