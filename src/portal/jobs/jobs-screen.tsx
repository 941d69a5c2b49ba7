import { Link, useSearchParams } from 'react-router-dom';
import { PortalPage, QueryState } from '../../ui/portal-page';
import { DataTable } from '../../ui/data-table';
import { formatDate, formatDay } from '../../shared/india-time';
import { useSession } from '../../ui/use-session';
import { JobStatus } from './components/job-status';
import { employmentTypeLabel } from './job-format';
import { useJobs } from './job-queries';
import { isStaff } from '../../shared/roles';

/** /jobs: the jobs the logged-in user can see, with how many have applied to each. */
export default function JobsScreen() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const jobs = useJobs(page);
  const { data } = jobs;
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
      <QueryState query={jobs} />
      {data ? (
        <DataTable
          rows={data.items}
          caption="Jobs"
          empty={{
            title: 'No jobs yet',
            text: staff
              ? 'Jobs appear here once a job request from the Free Job Posting form is reviewed and published.'
              : 'Open jobs appear here as our team publishes them.',
          }}
          paging={{
            page: data.page,
            pageSize: data.pageSize,
            total: data.total,
            onPage: (p) => setParams(p > 1 ? { page: String(p) } : {}),
          }}
          columns={[
            {
              header: 'Job',
              cell: (job) => (
                <>
                  <Link to={`/jobs/${job.id}`}>{job.title}</Link>
                  <div className="job-table-sub">{employmentTypeLabel(job.employmentType)}</div>
                </>
              ),
            },
            { header: 'Company', cell: (job) => job.companyName },
            { header: 'Location', cell: (job) => job.location },
            { header: 'Status', cell: (job) => <JobStatus job={job} /> },
            { header: 'Applicants', cell: (job) => job.applicantCount },
            { header: 'Posted', cell: (job) => (job.datePosted ? formatDate(job.datePosted) : '—') },
            { header: 'Apply by', cell: (job) => (job.validThrough ? formatDay(job.validThrough) : '—') },
          ]}
        />
      ) : null}
    </PortalPage>
  );
}
