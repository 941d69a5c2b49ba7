import { formatInr } from '../../shared/rupees';
import type { JobStatus, PublicJobSummary } from '../../shared/api/jobs';
import { EMPLOYMENT_TYPES, type EmploymentTypeName } from '../../shared/employment-types';
import { jobWordsIn, type JobWords } from './job-words';

export const JOB_STATUS_LABELS: Record<JobStatus, string> = { draft: 'Draft', published: 'Published', closed: 'Closed' };

const english = jobWordsIn('en');

export const EMPLOYMENT_TYPE_LABELS: Record<string, string> = Object.fromEntries(EMPLOYMENT_TYPES.map((type) => [type, english.say(type)]));

/** The experience a job asks for, by its value (the job form's choices). */
const EXPERIENCE_YEARS = ['0-1', '1-3', '3-5', '5+'];

const experienceIn = (words: JobWords, value: string) =>
  value === 'fresher' ? words.say('fresher') : EXPERIENCE_YEARS.includes(value) ? words.say('years', { n: value }) : value;

export const EXPERIENCE_LABELS: Record<string, string> = Object.fromEntries(
  ['fresher', ...EXPERIENCE_YEARS].map((value) => [value, experienceIn(english, value)]),
);

export const employmentTypeLabel = (type: string, words = english) =>
  (EMPLOYMENT_TYPES as readonly string[]).includes(type) ? words.say(type as EmploymentTypeName) : type;
export const experienceLabel = (value: string | null, words = english) => (value ? experienceIn(words, value) : null);

/** ₹3,00,000 – ₹4,50,000 a year; one end alone reads "From" or "Up to"; none, null. */
export function salaryRange(
  { salaryMin: min, salaryMax: max }: Pick<PublicJobSummary, 'salaryMin' | 'salaryMax'>,
  words = english,
): string | null {
  if (min != null && max != null)
    return min === max
      ? words.say('perYear', { amount: formatInr(min) })
      : words.say('range', { min: formatInr(min), max: formatInr(max) });
  if (min != null) return words.say('from', { amount: formatInr(min) });
  if (max != null) return words.say('upTo', { amount: formatInr(max) });
  return null;
}
