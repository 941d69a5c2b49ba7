import { formatInr } from '../../shared/rupees';
import type { JobStatus, PublicJobSummary } from '../../shared/api/jobs';

export const JOB_STATUS_LABELS: Record<JobStatus, string> = { draft: 'Draft', published: 'Published', closed: 'Closed' };

export const EMPLOYMENT_TYPE_LABELS: Record<string, string> = {
  FULL_TIME: 'Full time',
  PART_TIME: 'Part time',
  CONTRACTOR: 'Contract',
  INTERN: 'Internship',
};

export const EXPERIENCE_LABELS: Record<string, string> = {
  fresher: 'Fresher',
  '0-1': '0-1 years',
  '1-3': '1-3 years',
  '3-5': '3-5 years',
  '5+': '5+ years',
};

export const employmentTypeLabel = (type: string) => EMPLOYMENT_TYPE_LABELS[type] ?? type;
export const experienceLabel = (value: string | null) => (value ? (EXPERIENCE_LABELS[value] ?? value) : null);

/** ₹3,00,000 – ₹4,50,000 a year; one end alone reads "From" or "Up to"; none, null. */
export function salaryRange({ salaryMin: min, salaryMax: max }: Pick<PublicJobSummary, 'salaryMin' | 'salaryMax'>): string | null {
  if (min != null && max != null) return min === max ? `${formatInr(min)} a year` : `${formatInr(min)} – ${formatInr(max)} a year`;
  if (min != null) return `From ${formatInr(min)} a year`;
  if (max != null) return `Up to ${formatInr(max)} a year`;
  return null;
}
