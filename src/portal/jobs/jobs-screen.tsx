import { Link, useSearchParams } from 'react-router-dom';
import { useApi } from '../../ui/use-api';
import { EmptyState, LoadState, PortalPage } from '../../ui/portal-page';
import { Pagination } from '../../ui/pagination';
import { formatDate, formatDay } from '../../shared/india-time';
import { useSession } from '../../ui/use-session';
import { JobStatus } from './components/job-status';
import { employmentTypeLabel } from './job-format';
import type { Paged, PortalJob } from './job-types';
import { isStaff } from '../../shared/roles';

/** /jobs: the jobs the logged-in user can see, with how many have applied to each. */
export default function JobsScreen() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { data, error, loading, reload } = useApi<Paged<PortalJob>>(`/api/jobs?page=${page}`);
  const { role } = useSession();
  const staff = isStaff(role);

  return (
    <PortalPage
      title="Jobs"
      actions={
        <Link className="button button-light" to="/job-openings">
          Public job openings
        </Link>
      }
    >
      <LoadState loading={loading && !data} error={error} onRetry={reload} />
      {data && !data.items.length ? (
        <EmptyState title="No jobs yet">
          {staff
            ? 'Jobs appear here once a job request from the Free Job Posting form is reviewed and published.'
            : 'Open jobs appear here as our team publishes them.'}
        </EmptyState>
      ) : null}
      {data?.items.length ? (
        <>
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Job</th>
                  <th scope="col">Company</th>
                  <th scope="col">Location</th>
                  <th scope="col">Status</th>
                  <th scope="col">Applicants</th>
                  <th scope="col">Posted</th>
                  <th scope="col">Apply by</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((job) => (
                  <tr key={job.id}>
                    <td>
                      <Link to={`/jobs/${job.id}`}>{job.title}</Link>
                      <div className="job-table-sub">{employmentTypeLabel(job.employmentType)}</div>
                    </td>
                    <td>{job.companyName}</td>
                    <td>{job.location}</td>
                    <td>
                      <JobStatus job={job} />
                    </td>
                    <td>{job.applicantCount}</td>
                    <td>{job.datePosted ? formatDate(job.datePosted) : '—'}</td>
                    <td>{job.validThrough ? formatDay(job.validThrough) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={(p) => setParams(p > 1 ? { page: String(p) } : {})} />
        </>
      ) : null}
    </PortalPage>
  );
}
