import { Briefcase, Building2, CalendarDays, Banknote, MapPin, Users } from 'lucide-react';
import { formatDay, indiaDateOf } from '../../../shared/india-time';
import { employmentTypeLabel, experienceLabel, salaryRange } from '../job-format';
import { useJobWords } from '../job-words';
import type { PublicJobSummary } from '../../../shared/api/jobs';

/** The short facts of a job, as a card or a job's page shows them, in the page's language. */
export function JobFacts({ job, full = false }: { job: PublicJobSummary; full?: boolean }) {
  const words = useJobWords();
  const { say, tag } = words;
  const salary = salaryRange(job, words);
  const experience = experienceLabel(job.experience, words);
  return (
    <ul className="job-facts">
      <li>
        <Building2 size={16} aria-hidden="true" />
        <span className="visually-hidden">{say('company')}</span>
        {job.companyName}
      </li>
      <li>
        <MapPin size={16} aria-hidden="true" />
        <span className="visually-hidden">{say('jobLocation')}</span>
        {job.location}
      </li>
      <li>
        <Briefcase size={16} aria-hidden="true" />
        <span className="visually-hidden">{say('type')}</span>
        {employmentTypeLabel(job.employmentType, words)}
        {experience ? ` · ${experience}` : ''}
      </li>
      {salary ? (
        <li className="job-salary">
          <Banknote size={16} aria-hidden="true" />
          <span className="visually-hidden">{say('salary')}</span>
          {salary}
        </li>
      ) : null}
      {full ? (
        <li>
          <Users size={16} aria-hidden="true" />
          {job.openings === 1 ? say('oneOpening') : say('openings', { n: job.openings.toLocaleString(tag) })}
        </li>
      ) : null}
      {job.datePosted ? (
        <li>
          <CalendarDays size={16} aria-hidden="true" />
          {say('posted', { date: formatDay(indiaDateOf(job.datePosted), tag) })}
          {full && job.validThrough ? say('applyBy', { date: formatDay(job.validThrough, tag) }) : ''}
        </li>
      ) : null}
    </ul>
  );
}
