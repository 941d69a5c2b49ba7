import { noTranslations, type JobDraft } from './components/job-form';
import { indiaDatePlus } from '../../shared/india-time';
import type { JobRequest, PortalJob } from '../../shared/api/jobs';
import { parseSalary } from './parse-salary';

const DEFAULT_VALID_DAYS = 30;

/** The edit form prefilled from what the employer sent; the salary's text read into figures when it can be. */
export function draftFromRequest(data: JobRequest['data']): JobDraft {
  const salary = parseSalary(data.salary);
  return {
    title: data.jobTitle ?? '',
    description: data.description ?? '',
    companyName: data.companyName ?? '',
    location: data.location ?? '',
    employmentType: data.employmentType ?? 'FULL_TIME',
    openings: String(data.openings ?? 1),
    experience: data.experience ?? '',
    salaryMin: salary.min === null ? '' : String(salary.min),
    salaryMax: salary.max === null ? '' : String(salary.max),
    validThrough: indiaDatePlus(DEFAULT_VALID_DAYS),
    translations: noTranslations(),
  };
}

/** The edit form prefilled from the job as published; a past last date moves to the default ahead. */
export function draftFromJob(job: PortalJob): JobDraft {
  const tomorrow = indiaDatePlus(1);
  return {
    title: job.title,
    description: job.description,
    companyName: job.companyName,
    location: job.location,
    employmentType: job.employmentType,
    openings: String(job.openings),
    experience: job.experience ?? '',
    salaryMin: job.salaryMin === null ? '' : String(job.salaryMin),
    salaryMax: job.salaryMax === null ? '' : String(job.salaryMax),
    validThrough: job.validThrough && job.validThrough >= tomorrow ? job.validThrough : indiaDatePlus(DEFAULT_VALID_DAYS),
    translations: noTranslations(job.translations),
  };
}
