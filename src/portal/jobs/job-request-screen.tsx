import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PortalPage, QueryState } from '../../ui/portal-page';
import { formatDateTime } from '../../shared/india-time';
import { useSession } from '../../lib/use-session';
import { JobForm } from './components/job-form';
import { JobStatus } from './components/job-status';
import { draftFromJob, draftFromRequest } from './job-drafts';
import { employmentTypeLabel, experienceLabel } from './job-format';
import type { PortalJob } from '../../shared/api/jobs';
import { useJob, useJobRequest, usePublishJobRequest } from './job-queries';
import { isAdmin } from '../../shared/roles';
import { PhoneLink } from '../../ui/phone-link';
import { ReachPerson } from '../../ui/reach-person';

/** /job-request-details/:id: an employer's free job posting, reviewed, edited and published as a job. */
export default function JobRequestScreen() {
  const { id = '' } = useParams();
  const { role } = useSession();
  const request = useJobRequest(id);
  const existing = request.data?.request.job;
  // Published before: the form starts from the job as it stands, not from the employer's first text.
  const published = useJob(existing?.id ?? null);
  const publish = usePublishJobRequest(id);
  const [job, setJob] = useState<PortalJob | null>(null);

  const trail = isAdmin(role) ? [{ label: 'Submitted Forms', to: '/view-forms' }] : [{ label: 'BDE Portal', to: '/bde-portal' }];
  const current = job ?? published.data?.job ?? null;
  const r = request.data?.request;

  return (
    <PortalPage title={r ? `Job request: ${r.data.jobTitle ?? 'untitled'}` : 'Job Request'} trail={trail}>
      <QueryState query={request} />
      {r ? (
        <>
          <div className="portal-card">
            <h2 className="job-panel-heading">As submitted</h2>
            <ReachPerson
              name={r.data.contactName ?? r.data.companyName ?? null}
              phone={r.data.phone ?? null}
              email={r.data.email ?? null}
              whatsapp={request.data?.whatsapp ?? null}
            />
            <dl className="detail-list">
              <dt>Status</dt>
              <dd>
                <span className={`status-badge status-${r.status}`}>{r.status}</span>
              </dd>
              <dt>Received</dt>
              <dd>{formatDateTime(r.createdAt)}</dd>
              <dt>Company</dt>
              <dd>{r.data.companyName}</dd>
              <dt>Contact</dt>
              <dd>{r.data.contactName}</dd>
              <dt>Email</dt>
              <dd>{r.data.email ? <a href={`mailto:${r.data.email}`}>{r.data.email}</a> : '—'}</dd>
              <dt>Phone</dt>
              <dd>{r.data.phone ? <PhoneLink phone={r.data.phone} /> : '—'}</dd>
              <dt>Job title</dt>
              <dd>{r.data.jobTitle}</dd>
              <dt>Location</dt>
              <dd>{r.data.location}</dd>
              <dt>Employment type</dt>
              <dd>{r.data.employmentType ? employmentTypeLabel(r.data.employmentType) : '—'}</dd>
              <dt>Openings</dt>
              <dd>{r.data.openings ?? '—'}</dd>
              <dt>Experience</dt>
              <dd>{experienceLabel(r.data.experience ?? null) ?? '—'}</dd>
              <dt>Salary</dt>
              <dd>{r.data.salary || '—'}</dd>
              <dt>Description</dt>
              <dd className="job-description">{r.data.description}</dd>
            </dl>
          </div>

          {current ? (
            <div className="portal-card job-published-note" role="status">
              <p>
                <JobStatus job={current} /> This request is published as a job.{' '}
                <Link to={`/job-openings/${current.id}`}>View the public page</Link> ·{' '}
                <Link to={`/jobs/${current.id}`}>Open it in Jobs</Link>
              </p>
            </div>
          ) : null}

          <div className="portal-card">
            <h2 className="job-panel-heading">{existing ? 'Update the published job' : 'Review and publish'}</h2>
            <p className="form-intro">
              Check the text as candidates will read it. The salary is in rupees a year; leave it empty if the employer did not share it.
            </p>
            {existing && !current ? (
              <QueryState query={published} />
            ) : (
              <JobForm
                // A new starting point (the job as just saved) starts the form afresh.
                key={current ? `${current.id}:${current.updatedAt ?? ''}` : 'request'}
                initial={current ? draftFromJob(current) : draftFromRequest(r.data)}
                submitLabel={existing || job ? 'Save and publish' : 'Publish job'}
                busyLabel="Publishing…"
                onSubmit={async (fields) => {
                  const { job: saved } = await publish.mutateAsync(fields);
                  setJob(saved);
                }}
              >
                {job ? (
                  <p className="job-saved" role="status">
                    Published. <Link to={`/job-openings/${job.id}`}>View the public page</Link>
                  </p>
                ) : null}
              </JobForm>
            )}
          </div>
        </>
      ) : null}
    </PortalPage>
  );
}
