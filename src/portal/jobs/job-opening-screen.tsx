import { Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { site } from '../../content/site';
import { FormView, prepareFormView } from '../../forms/lazy-form-view';
import { QueryState } from '../../ui/portal-page';
import { JobFacts } from './components/job-facts';
import { JobJsonLd } from './components/job-json-ld';
import { useJobOpening } from './job-queries';

/** The application form renders with the job, so a visitor's page shows it from the server's HTML. */
export const prepare = () => prepareFormView({ use: { form: 'job-application' } });

/** /job-openings/:id: one opening, its JobPosting for search engines, and the application form while it is open. */
export default function JobOpeningScreen() {
  const { id = '' } = useParams();
  const loaded = useJobOpening(id);
  const job = loaded.data;
  const back = (
    <Link className="job-back" to={job ? `/job-openings?location=${encodeURIComponent(job.location)}` : '/job-openings'}>
      <ArrowLeft size={16} aria-hidden="true" /> {job ? `More jobs in ${job.location}` : 'All job openings'}
    </Link>
  );

  if (loaded.error?.status === 404) {
    return (
      <section className="block job-opening">
        <title>{`Job not found | ${site.brand.name}`}</title>
        <div className="container narrow">
          {back}
          <div className="empty-state" role="status">
            <h1>This job opening does not exist</h1>
            <p>It may have been removed. See the openings we have today.</p>
            <Link className="button" to="/job-openings">
              All job openings
            </Link>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="block job-opening">
      <div className="container">
        {back}
        <QueryState query={loaded} />
        {job ? (
          <>
            <title>{`${job.title} at ${job.companyName}, ${job.location} | ${site.brand.name}`}</title>
            <meta
              name="description"
              content={`${job.title} at ${job.companyName} in ${job.location}. Apply free through ${site.brand.name}.`}
            />
            {/* Google asks for the JobPosting to go once a job takes no applications. */}
            {job.expired ? null : <JobJsonLd job={job} url={`${site.url}/job-openings/${encodeURIComponent(job.id)}`} />}
            <div className="job-opening-layout">
              <article className="job-opening-main">
                <h1>{job.title}</h1>
                <JobFacts job={job} full />
                <h2>About the role</h2>
                <p className="job-description">{job.description}</p>
              </article>
              <aside className="job-opening-apply" aria-labelledby="apply-heading">
                <div className="form-card">
                  <h2 id="apply-heading" className="form-heading">
                    {job.expired ? 'Applications closed' : 'Apply for this job'}
                  </h2>
                  {job.expired ? (
                    <div className="job-closed-notice" role="status">
                      <p>
                        <strong>This job is no longer accepting applications.</strong>
                      </p>
                      <p>
                        <Link to={`/job-openings?location=${encodeURIComponent(job.location)}`}>
                          See current openings in {job.location}
                        </Link>
                      </p>
                    </div>
                  ) : (
                    // The form (rjsf, captcha, upload) arrives after the job itself, so the job reads at once.
                    <Suspense
                      fallback={
                        <p className="loading" role="status">
                          Loading the form…
                        </p>
                      }
                    >
                      <FormView
                        use={{ form: 'job-application' }}
                        endpoint={`/api/jobs/public/${encodeURIComponent(job.id)}/applications`}
                      />
                    </Suspense>
                  )}
                </div>
              </aside>
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}
