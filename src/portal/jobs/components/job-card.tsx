import { Link } from 'react-router-dom';
import type { PublicJobSummary } from '../../../shared/api/jobs';
import { LOCALE_FACTS } from '../../../shared/locales';
import { useJobWords } from '../job-words';
import { JobFacts } from './job-facts';

/** One opening in the public list; a title not written in the page's language is marked as the English it is. */
export function JobCard({ job }: { job: PublicJobSummary }) {
  const { say, path, locale } = useJobWords();
  const href = path(`/job-openings/${job.id}`);
  return (
    <li className="job-card">
      <h2 lang={job.lang === locale ? undefined : LOCALE_FACTS[job.lang].tag}>
        <Link to={href}>{job.title}</Link>
      </h2>
      <JobFacts job={job} />
      <Link className="button button-light job-card-action" to={href} aria-label={say('viewAndApplyLabel', { title: job.title })}>
        {say('viewAndApply')}
      </Link>
    </li>
  );
}
