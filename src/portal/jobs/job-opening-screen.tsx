import { Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { site } from '../../content/site';
import { FormView, prepareFormView } from '../../forms/lazy-form-view';
import { QueryState } from '../../ui/portal-page';
import { APPLICATION_FORM, jobLanguageOf } from '../../shared/job-locales';
import { LOCALE_FACTS, languageAlternates, type Locale } from '../../shared/locales';
import { JobFacts } from './components/job-facts';
import { JobJsonLd } from './components/job-json-ld';
import { useJobOpening } from './job-queries';
import { useJobWords } from './job-words';

const use = { form: APPLICATION_FORM };

/** The application form renders with the job, in the page's language, so a visitor's page shows it from the server's HTML. */
export const prepare = (locale: Locale) => prepareFormView({ use }, jobLanguageOf(locale));

/**
 * /job-openings/:id (and /hi/job-openings/:id): one opening, its JobPosting for search engines in the page's language,
 * and the application form while it is open. A job not written in the page's language reads in English there, marked
 * so, and its page in that language is left out of search engines' index.
 */
export default function JobOpeningScreen() {
  const { id = '' } = useParams();
  const { say, path, locale } = useJobWords();
  const loaded = useJobOpening(id, locale);
  const job = loaded.data;
  const jobsIn = (city: string) => path(`/job-openings?location=${encodeURIComponent(city)}`);
  const back = (
    <Link className="job-back" to={job ? jobsIn(job.location) : path('/job-openings')}>
      <ArrowLeft size={16} aria-hidden="true" /> {job ? say('moreIn', { city: job.location }) : say('all')}
    </Link>
  );

  if (loaded.error?.status === 404) {
    return (
      <section className="block job-opening">
        <title>{`${say('notFoundTitle')} | ${site.brand.name}`}</title>
        <div className="container narrow">
          {back}
          <div className="empty-state" role="status">
            <h1>{say('notFound')}</h1>
            <p>{say('notFoundText')}</p>
            <Link className="button" to={path('/job-openings')}>
              {say('all')}
            </Link>
          </div>
        </div>
      </section>
    );
  }

  const route = `/job-openings/${encodeURIComponent(id)}`;
  const inOwnWords = job?.lang === locale;
  const textLang = inOwnWords || !job ? undefined : LOCALE_FACTS[job.lang].tag;
  return (
    <section className="block job-opening">
      <div className="container">
        {back}
        <QueryState query={loaded} />
        {job ? (
          <>
            <title>{`${say('pageTitle', { title: job.title, company: job.companyName, city: job.location })} | ${site.brand.name}`}</title>
            <meta name="description" content={say('pageDescription', { title: job.title, company: job.companyName, city: job.location })} />
            {inOwnWords ? (
              languageAlternates(route, job.languages, site.url).map(({ hreflang, href }) => (
                <link key={hreflang} rel="alternate" hrefLang={hreflang} href={href} />
              ))
            ) : (
              <meta name="robots" content="noindex" />
            )}
            {/* Google asks for the JobPosting to go once a job takes no applications. */}
            {job.expired || !inOwnWords ? null : <JobJsonLd job={job} url={`${site.url}${path(route)}`} />}
            <div className="job-opening-layout">
              <article className="job-opening-main">
                <h1 lang={textLang}>{job.title}</h1>
                <JobFacts job={job} full />
                <h2>{say('about')}</h2>
                {inOwnWords ? null : <p className="job-in-english">{say('inEnglish')}</p>}
                <p className="job-description" lang={textLang}>
                  {job.description}
                </p>
              </article>
              <aside className="job-opening-apply" aria-labelledby="apply-heading">
                <div className="form-card">
                  <h2 id="apply-heading" className="form-heading">
                    {job.expired ? say('closed') : say('apply')}
                  </h2>
                  {job.expired ? (
                    <div className="job-closed-notice" role="status">
                      <p>
                        <strong>{say('closedNotice')}</strong>
                      </p>
                      <p>
                        <Link to={jobsIn(job.location)}>{say('seeCurrentIn', { city: job.location })}</Link>
                      </p>
                    </div>
                  ) : (
                    // The form (rjsf, captcha, upload) arrives after the job itself, so the job reads at once.
                    <Suspense
                      fallback={
                        <p className="loading" role="status">
                          {say('loadingForm')}
                        </p>
                      }
                    >
                      <FormView use={use} endpoint={`/api/jobs/public/${encodeURIComponent(job.id)}/applications`} />
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
