import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { FormBanner } from '../../../ui/form-banner';
import { indiaDatePlus } from '../../../shared/india-time';
import { EMPLOYMENT_TYPE_LABELS, EXPERIENCE_LABELS } from '../job-format';
import { formatInr } from '../../../shared/rupees';
import type { EmploymentType, JobTranslations, PublishJobBody } from '../../../shared/api/jobs';
import { JOB_LOCALES, type JobLocale } from '../../../shared/job-locales';
import { LOCALE_FACTS } from '../../../shared/locales';

/** The form's values as typed; numbers stay text until sent. */
export interface JobDraft {
  title: string;
  description: string;
  companyName: string;
  location: string;
  employmentType: string;
  openings: string;
  experience: string;
  salaryMin: string;
  salaryMax: string;
  validThrough: string;
  /** The title and description in each other language a job may be written in; both empty, the job has none there. */
  translations: Record<JobLocale, { title: string; description: string }>;
}

/** A field of the form: one of the job's, or a translation's (hi.title). */
type FieldKey = Exclude<keyof JobDraft, 'translations'> | `${JobLocale}.${'title' | 'description'}`;
type Errors = Partial<Record<FieldKey | '', string>>;

/** A draft with no words in any other language. */
export const noTranslations = (translations: JobTranslations = {}): JobDraft['translations'] =>
  Object.fromEntries(
    JOB_LOCALES.map((locale) => [
      locale,
      { title: translations[locale]?.title ?? '', description: translations[locale]?.description ?? '' },
    ]),
  ) as JobDraft['translations'];

const digits = (s: string) => s.replace(/[^\d]/g, '');

/** The browser's check of what the server checks again: required text, a whole number of openings, a range upwards. */
function check(d: JobDraft): Errors {
  const errors: Errors = {};
  if (!d.title.trim()) errors.title = 'Job title is required';
  if (!d.companyName.trim()) errors.companyName = 'Company name is required';
  if (!d.location.trim()) errors.location = 'Job location is required';
  if (!d.description.trim()) errors.description = 'Job description is required';
  const openings = Number(d.openings);
  if (!Number.isInteger(openings) || openings < 1 || openings > 1000) errors.openings = 'Enter the number of openings (1 to 1000)';
  const min = digits(d.salaryMin);
  const max = digits(d.salaryMax);
  if (min && max && Number(min) > Number(max)) errors.salaryMax = 'The maximum salary must not be less than the minimum.';
  if (!d.validThrough) errors.validThrough = 'Enter the last date to apply';
  else if (d.validThrough < indiaDatePlus(1)) errors.validThrough = 'The last date to apply must be in the future.';
  // A job's page in another language shows its title and description both: one alone would leave the other in English.
  for (const locale of JOB_LOCALES) {
    const { title, description } = d.translations[locale];
    const language = LOCALE_FACTS[locale].english;
    if (title.trim() && !description.trim())
      errors[`${locale}.description`] = `Write the description in ${language} too, or clear the title.`;
    if (description.trim() && !title.trim()) errors[`${locale}.title`] = `Write the title in ${language} too, or clear the description.`;
  }
  return errors;
}

function toFields(d: JobDraft): PublishJobBody {
  const amount = (s: string) => (digits(s) ? Number(digits(s)) : null);
  return {
    title: d.title.trim(),
    description: d.description.trim(),
    companyName: d.companyName.trim(),
    location: d.location.trim(),
    employmentType: d.employmentType as EmploymentType,
    openings: Number(d.openings),
    experience: d.experience || null,
    salaryMin: amount(d.salaryMin),
    salaryMax: amount(d.salaryMax),
    validThrough: d.validThrough,
    translations: Object.fromEntries(
      JOB_LOCALES.flatMap((locale) => {
        const { title, description } = d.translations[locale];
        return title.trim() ? [[locale, { title: title.trim(), description: description.trim() }]] : [];
      }),
    ),
  };
}

interface JobFormProps {
  initial: JobDraft;
  submitLabel: string;
  busyLabel: string;
  /** Sends the job; an ApiError's field messages show under their fields. */
  onSubmit: (fields: PublishJobBody) => Promise<void>;
  children?: ReactNode;
}

/** The job as it will be published: every field editable, the salary in rupees a year. */
export function JobForm({ initial, submitLabel, busyLabel, onSubmit, children }: JobFormProps) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const set = (key: Exclude<keyof JobDraft, 'translations'>) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const setTranslation = (locale: JobLocale, key: 'title' | 'description') => (value: string) =>
    setDraft((d) => ({ ...d, translations: { ...d.translations, [locale]: { ...d.translations[locale], [key]: value } } }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await onSubmit(toFields(draft));
    } catch (error) {
      const e = error instanceof ApiError ? error : undefined;
      // The server names a translation's field by its path (translations/hi/title); the form by its key (hi.title).
      const byField = Object.fromEntries(
        (e?.fieldErrors ?? []).filter((f) => f.field).map((f) => [f.field.replace(/^translations[./]/, '').replace('/', '.'), f.message]),
      );
      setErrors(Object.keys(byField).length ? byField : { '': e?.message ?? 'Something went wrong.' });
    } finally {
      setBusy(false);
    }
  }

  const field = (
    key: FieldKey,
    label: string,
    input: (props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => ReactNode,
    hint?: string,
  ) => {
    const inputId = `${id}-${key}`;
    const error = errors[key];
    return (
      <div className={`form-group job-form-${key}${error ? ' has-error' : ''}`}>
        <label className="control-label" htmlFor={inputId}>
          {label}
        </label>
        {input({
          id: inputId,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined,
        })}
        {hint && !error ? (
          <small className="field-help" id={`${inputId}-hint`}>
            {hint}
          </small>
        ) : null}
        {error ? (
          <p className="text-danger" id={`${inputId}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  const text =
    (key: Exclude<keyof JobDraft, 'translations'>, props: Record<string, unknown> = {}) =>
    (a: object) => <input className="form-control" value={draft[key]} onChange={(e) => set(key)(e.target.value)} {...a} {...props} />;
  const rupeesHint = (value: string) =>
    digits(value) ? `${formatInr(Number(digits(value)))} a year` : 'Rupees a year; leave empty if not disclosed';

  return (
    <form className="job-form" onSubmit={submit} noValidate>
      {field('title', 'Job title', text('title', { maxLength: 120 }))}
      {field('companyName', 'Company name', text('companyName', { maxLength: 120 }))}
      {field('location', 'Location', text('location', { maxLength: 80 }), 'The city, as visitors search for it: Pune, Bengaluru…')}
      {field('employmentType', 'Employment type', (a) => (
        <select className="form-control" value={draft.employmentType} onChange={(e) => set('employmentType')(e.target.value)} {...a}>
          {Object.entries(EMPLOYMENT_TYPE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      ))}
      {field('openings', 'Openings', text('openings', { type: 'number', min: 1, max: 1000, inputMode: 'numeric' }))}
      {field('experience', 'Experience', (a) => (
        <select className="form-control" value={draft.experience} onChange={(e) => set('experience')(e.target.value)} {...a}>
          <option value="">Not specified</option>
          {Object.entries(EXPERIENCE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
          {draft.experience && !(draft.experience in EXPERIENCE_LABELS) ? (
            <option value={draft.experience}>{draft.experience}</option>
          ) : null}
        </select>
      ))}
      {field('salaryMin', 'Salary from (₹ a year)', text('salaryMin', { inputMode: 'numeric' }), rupeesHint(draft.salaryMin))}
      {field('salaryMax', 'Salary up to (₹ a year)', text('salaryMax', { inputMode: 'numeric' }), rupeesHint(draft.salaryMax))}
      {field('validThrough', 'Last date to apply', text('validThrough', { type: 'date', min: indiaDatePlus(1) }))}
      {field('description', 'Description', (a) => (
        <textarea
          className="form-control"
          rows={8}
          maxLength={5000}
          value={draft.description}
          onChange={(e) => set('description')(e.target.value)}
          {...a}
        />
      ))}
      {JOB_LOCALES.map((locale) => {
        const { english, native, tag } = LOCALE_FACTS[locale];
        const words = draft.translations[locale];
        return (
          <fieldset key={locale} className="job-form-translation">
            <legend>
              In {english} (<span lang={tag}>{native}</span>), optional
            </legend>
            <p className="field-help">
              Its page at /{locale}/job-openings shows these; without them, the {english} page shows the English words.
            </p>
            {field(`${locale}.title`, `Job title in ${english}`, (a) => (
              <input
                className="form-control"
                lang={tag}
                maxLength={120}
                value={words.title}
                onChange={(e) => setTranslation(locale, 'title')(e.target.value)}
                {...a}
              />
            ))}
            {field(`${locale}.description`, `Description in ${english}`, (a) => (
              <textarea
                className="form-control"
                lang={tag}
                rows={6}
                maxLength={5000}
                value={words.description}
                onChange={(e) => setTranslation(locale, 'description')(e.target.value)}
                {...a}
              />
            ))}
          </fieldset>
        );
      })}
      <FormBanner message={errors['']} />
      <div className="job-form-actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {busy ? busyLabel : submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
