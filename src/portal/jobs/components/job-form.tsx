import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { FormBanner } from '../../../ui/form-banner';
import { indiaDatePlus } from '../../../shared/india-time';
import { EMPLOYMENT_TYPE_LABELS, EXPERIENCE_LABELS } from '../job-format';
import { formatInr } from '../../../shared/rupees';
import type { EmploymentType, PublishJobBody } from '../../../shared/api/jobs';

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
}

type Errors = Partial<Record<keyof JobDraft | '', string>>;

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

  const set = (key: keyof JobDraft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

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
      const byField = Object.fromEntries((e?.fieldErrors ?? []).filter((f) => f.field).map((f) => [f.field, f.message]));
      setErrors(Object.keys(byField).length ? byField : { '': e?.message ?? 'Something went wrong.' });
    } finally {
      setBusy(false);
    }
  }

  const field = (
    key: keyof JobDraft,
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
    (key: keyof JobDraft, props: Record<string, unknown> = {}) =>
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
