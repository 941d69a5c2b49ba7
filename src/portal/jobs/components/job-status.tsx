import type { JobStatus as Status, PortalJob } from '../../../shared/api/jobs';

const labels: Record<Status, string> = { draft: 'Draft', published: 'Published', closed: 'Closed' };

/** Published, closed or draft; a published job past its last date reads Expired. */
export function JobStatus({ job }: { job: Pick<PortalJob, 'status' | 'expired'> }) {
  const expired = job.status === 'published' && job.expired;
  const label = expired ? 'Expired' : labels[job.status];
  return <span className={`status-badge status-${expired ? 'closed' : job.status}`}>{label}</span>;
}
