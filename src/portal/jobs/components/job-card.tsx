import { Link } from 'react-router-dom';
import type { PublicJobSummary } from '../../../shared/api/jobs';
import { JobFacts } from './job-facts';

/** One opening in the public list. */
export function JobCard({ job }: { job: PublicJobSummary }) {
  return (
    <li className="job-card">
      <h2>
        <Link to={`/job-openings/${job.id}`}>{job.title}</Link>
      </h2>
      <JobFacts job={job} />
      <Link className="button button-light job-card-action" to={`/job-openings/${job.id}`} aria-label={`View and apply: ${job.title}`}>
        View and apply
      </Link>
    </li>
  );
}
