import type { PortalJob } from '../../../shared/api/jobs';
import { JOB_STATUS_LABELS } from '../job-format';

/** Published, closed or draft; a published job past its last date reads Expired. */
export function JobStatus({ job }: { job: Pick<PortalJob, 'status' | 'expired'> }) {
  const expired = job.status === 'published' && job.expired;
  const label = expired ? 'Expired' : JOB_STATUS_LABELS[job.status];
  return <span className={`status-badge status-${expired ? 'closed' : job.status}`}>{label}</span>;
}
