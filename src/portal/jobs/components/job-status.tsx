import type { PortalJob } from '../../../shared/api/jobs';

/** Published, closed or draft; a published job past its last date reads Expired. */
export function JobStatus({ job }: { job: Pick<PortalJob, 'status' | 'expired'> }) {
  const expired = job.status === 'published' && job.expired;
  const label = expired ? 'Expired' : job.status[0].toUpperCase() + job.status.slice(1);
  return <span className={`status-badge status-${expired ? 'closed' : job.status}`}>{label}</span>;
}
