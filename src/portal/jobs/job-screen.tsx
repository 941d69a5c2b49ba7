import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { FormBanner } from '../../ui/form-banner';
import { EmptyState, PortalPage, QueryState } from '../../ui/portal-page';
import { useSession } from '../../lib/use-session';
import { JobFacts } from './components/job-facts';
import { JobForm } from './components/job-form';
import { JOB_LOCALES } from '../../shared/job-locales';
import { LOCALE_FACTS, localizedRoute } from '../../shared/locales';
import { JobStatus } from './components/job-status';
import { draftFromJob } from './job-drafts';
import { indiaDatePlus } from '../../shared/india-time';
import type { JobChanges } from '../../shared/api/jobs';
import { useJob, useUpdateJob } from './job-queries';
import { isStaff } from '../../shared/roles';
import { PipelineSection } from './pipeline-section';

/** /jobs/:id: a job with its applicants; the staff who work it edit, close or reopen it here. */
export default function JobScreen() {
  const { id = '' } = useParams();
  const loaded = useJob(id);
  const { data } = loaded;
  const update = useUpdateJob(id);
  const { role } = useSession();
  const [editing, setEditing] = useState(false);
  const busy = update.isPending;
  const [actionError, setActionError] = useState<string | null>(null);
  const job = data?.job;
  const staff = isStaff(role);

  const patch = (body: JobChanges) => update.mutateAsync(body);

  async function setStatus(status: 'published' | 'closed') {
    setActionError(null);
    try {
      await patch({ status });
    } catch (e) {
      setActionError(e instanceof ApiError ? e.message : 'Something went wrong.');
    }
  }

  const actions = job ? (
    <>
      {job.status !== 'draft' ? (
        <Link className="button button-light" to={`/job-openings/${job.id}`}>
          Public page
        </Link>
      ) : null}
      {data.canEdit && !editing ? (
        <button type="button" className="button button-light" onClick={() => setEditing(true)}>
          Edit
        </button>
      ) : null}
      {data.canEdit && job.status === 'published' && !job.expired ? (
        <button type="button" className="button button-light" disabled={busy} onClick={() => setStatus('closed')}>
          Close job
        </button>
      ) : null}
      {data.canEdit && job.status === 'closed' ? (
        // A job whose last date has passed needs a new one: the edit form proposes it.
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => (job.validThrough && job.validThrough < indiaDatePlus(0) ? setEditing(true) : setStatus('published'))}
        >
          Reopen
        </button>
      ) : null}
    </>
  ) : null;

  return (
    <PortalPage title={job?.title ?? 'Job'} trail={[{ label: 'Jobs', to: '/jobs' }]} actions={actions}>
      <QueryState query={loaded} />
      <FormBanner message={actionError} />
      {job ? (
        <>
          <div className="portal-card">
            <p className="job-status-line">
              <JobStatus job={job} />
              {job.expired ? ' This job takes no applications.' : ' Open for applications.'}
            </p>
            <JobFacts job={job} full />
            {staff && job.jobRequestId ? (
              <p className="job-request-link">
                <Link to={`/job-request-details/${job.jobRequestId}`}>The employer's original request</Link>
              </p>
            ) : null}
          </div>
          {editing ? (
            <div className="portal-card">
              <h2 className="job-panel-heading">Edit job</h2>
              <JobForm
                initial={draftFromJob(job)}
                submitLabel={job.status === 'published' ? 'Save changes' : 'Save and publish'}
                busyLabel="Saving…"
                onSubmit={async (fields) => {
                  await patch(job.status === 'published' ? fields : { ...fields, status: 'published' });
                  setEditing(false);
                }}
              >
                <button type="button" className="button button-light" onClick={() => setEditing(false)}>
                  Cancel
                </button>
              </JobForm>
            </div>
          ) : (
            <>
              <div className="portal-card">
                <h2 className="job-panel-heading">Description</h2>
                <p className="job-description">{job.description}</p>
              </div>
              {JOB_LOCALES.map((locale) => {
                const words = job.translations[locale];
                const { english, tag } = LOCALE_FACTS[locale];
                return words ? (
                  <div className="portal-card" key={locale}>
                    <h2 className="job-panel-heading">In {english}</h2>
                    <p lang={tag}>
                      <strong>{words.title}</strong>
                    </p>
                    <p className="job-description" lang={tag}>
                      {words.description}
                    </p>
                    {job.status === 'published' ? (
                      <p>
                        <a href={localizedRoute(`/job-openings/${job.id}`, locale)}>Its page in {english}</a>
                      </p>
                    ) : null}
                  </div>
                ) : null;
              })}
            </>
          )}
          <h2 className="job-section-heading">Pipeline ({data.applicantCount})</h2>
          {data.canSeeApplicants ? (
            <PipelineSection jobId={job.id} />
          ) : (
            <EmptyState title={data.applicantCount === 1 ? '1 person has applied' : `${data.applicantCount} people have applied`}>
              Applicants' details are shown to the team working this job.
            </EmptyState>
          )}
        </>
      ) : null}
    </PortalPage>
  );
}
