import { Link } from 'react-router-dom';
import { PortalPage, QueryState } from '../../ui/portal-page';
import { DataTable } from '../../ui/data-table';
import { formatDate, formatDay } from '../../shared/india-time';
import { useSession } from '../../lib/use-session';
import { JobStatus } from './components/job-status';
import { languageName } from '../../shared/locales';
import { JOB_STATUS_LABELS, employmentTypeLabel } from './job-format';
import { useJobs } from './job-queries';
import { isStaff } from '../../shared/roles';
import { SearchFilter, SelectFilter } from '../../ui/list-filters';
import { useListParams } from '../../ui/use-list-params';

const statusOptions = Object.entries(JOB_STATUS_LABELS).map(([value, label]) => ({ value, label }));

/** /jobs: the jobs the logged-in user can see, with how many have applied to each. */
export default function JobsScreen() {
  const { values, set, query, paging } = useListParams(['q', 'status'] as const);
  const jobs = useJobs(query());
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
      <form className="portal-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <SearchFilter value={values.q} placeholder="Title, company, location or skill" onChange={(q) => set({ q }, true)} />
        <SelectFilter label="Status" value={values.status} all="All" options={statusOptions} onChange={(status) => set({ status })} />
      </form>
      <QueryState query={jobs} />
      {data ? (
        <DataTable
          cards
          rows={data.items}
          caption="Jobs"
          empty={
            values.q || values.status
              ? { title: 'No jobs match', text: 'Try another search or status.' }
              : {
                  title: 'No jobs yet',
                  text: staff
                    ? 'Jobs appear here once a job request from the Free Job Posting form is reviewed and published.'
                    : 'Open jobs appear here as our team publishes them.',
                }
          }
          paging={paging(data, 'jobs')}
          columns={[
            {
              header: 'Job',
              cardTitle: true,
              cell: (job) => (
                <>
                  <Link to={`/jobs/${job.id}`}>{job.title}</Link>
                  <div className="job-table-sub">
                    {employmentTypeLabel(job.employmentType)}
                    {/* Which jobs a Hindi reader finds in their words, and which still read in English there. */}
                    {job.languages.length > 1 ? ` · Also in ${job.languages.slice(1).map(languageName).join(', ')}` : ''}
                  </div>
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
