import type { FieldError } from '../../shared/api/error-body';
import type { JobChanges } from '../../shared/api/jobs';
import { isCalendarDate, todayInKolkata } from './rules';

/** Text trimmed, an empty experience as none: what is stored is what the visitor will read. */
export function tidy<T extends JobChanges>(input: T): T {
  const out: Record<string, unknown> = { ...input };
  for (const key of ['title', 'description', 'companyName', 'location', 'experience'] as const) {
    if (typeof out[key] === 'string') out[key] = (out[key] as string).trim();
  }
  if (out.experience === '') out.experience = null;
  if (input.translations)
    out.translations = Object.fromEntries(
      Object.entries(input.translations).map(([locale, words]) => [
        locale,
        words && { title: words.title.trim(), description: words.description.trim() },
      ]),
    );
  return out as T;
}

/**
 * The rules a schema cannot say: a real date after today (India's date), a salary range that runs upwards.
 * `current` is the job as stored, for an edit that changes only one end of the range.
 */
export function checkJobFields(input: JobChanges, current?: { salaryMin: number | null; salaryMax: number | null }): FieldError[] {
  const errors: FieldError[] = [];
  if (input.validThrough !== undefined) {
    if (!isCalendarDate(input.validThrough)) errors.push({ field: 'validThrough', message: 'Enter a valid date.' });
    else if (input.validThrough <= todayInKolkata())
      errors.push({ field: 'validThrough', message: 'The last date to apply must be in the future.' });
  }
  const min = input.salaryMin !== undefined ? input.salaryMin : (current?.salaryMin ?? null);
  const max = input.salaryMax !== undefined ? input.salaryMax : (current?.salaryMax ?? null);
  if (min !== null && max !== null && min > max) {
    errors.push({ field: 'salaryMax', message: 'The maximum salary must not be less than the minimum.' });
  }
  return errors;
}
