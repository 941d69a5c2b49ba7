import { Briefcase, Building2, CalendarDays, Banknote, MapPin, Users } from 'lucide-react';
import { formatDate, formatDay } from '../../../shared/india-time';
import { employmentTypeLabel, experienceLabel, salaryRange } from '../job-format';
import type { PublicJobSummary } from '../../../shared/api/jobs';

/** The short facts of a job, as a card or a job's page shows them. */
export function JobFacts({ job, full = false }: { job: PublicJobSummary; full?: boolean }) {
  const salary = salaryRange(job);
  const experience = experienceLabel(job.experience);
  return (
    <ul className="job-facts">
      <li>
        <Building2 size={16} aria-hidden="true" />
        <span className="visually-hidden">Company: </span>
        {job.companyName}
      </li>
      <li>
        <MapPin size={16} aria-hidden="true" />
        <span className="visually-hidden">Location: </span>
        {job.location}
      </li>
      <li>
        <Briefcase size={16} aria-hidden="true" />
        <span className="visually-hidden">Type: </span>
        {employmentTypeLabel(job.employmentType)}
        {experience ? ` · ${experience}` : ''}
      </li>
      {salary ? (
        <li className="job-salary">
          <Banknote size={16} aria-hidden="true" />
          <span className="visually-hidden">Salary: </span>
          {salary}
        </li>
      ) : null}
      {full ? (
        <li>
          <Users size={16} aria-hidden="true" />
          {job.openings === 1 ? '1 opening' : `${job.openings} openings`}
        </li>
      ) : null}
      {job.datePosted ? (
        <li>
          <CalendarDays size={16} aria-hidden="true" />
          Posted {formatDate(job.datePosted)}
          {full && job.validThrough ? ` · Apply by ${formatDay(job.validThrough)}` : ''}
        </li>
      ) : null}
    </ul>
  );
}
