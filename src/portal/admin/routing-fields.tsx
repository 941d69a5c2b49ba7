import { useId, useState, type ReactNode } from 'react';
import type { LeadRouting } from '../../shared/generated/lead-routing';
import type { RoutingProblem } from './routing-check';
import { TextField } from '../../ui/text-field';
import type { RoutingChoices } from '../../shared/api/lead-routing';

/** A change to the draft rules: the function edits a copy, which becomes the draft. */
export type ChangeRouting = (edit: (draft: LeadRouting) => void) => void;

/** The problems of the draft by where they are: a field shows those at its value and those within it. */
export class Problems {
  constructor(readonly list: RoutingProblem[]) {}

  at(pointer: string): string | undefined {
    const mine = this.list.filter((p) => p.pointer === pointer || p.pointer.startsWith(`${pointer}/`));
    return mine.length ? [...new Set(mine.map((p) => p.message))].join('; ') : undefined;
  }
}

/** A field's error under it, which the field points to. */
export function FieldProblem({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-danger">
      {message}
    </p>
  ) : null;
}

/** The ids of a field's help and problem, for its aria-describedby. */
const describedBy = (id: string, help: ReactNode, problem: string | undefined) =>
  [help ? `${id}-help` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** What stands under a field: its help, then its problem. */
function FieldNotes({ id, help, problem }: { id: string; help?: ReactNode; problem?: string }) {
  return (
    <>
      {help ? (
        <small id={`${id}-help`} className="field-help">
          {help}
        </small>
      ) : null}
      <FieldProblem id={`${id}-error`} message={problem} />
    </>
  );
}

/** What each section of the editor is given: the draft, what it may choose from, its problems and how to change it. */
export interface RoutingSectionProps {
  routing: LeadRouting;
  choices: RoutingChoices;
  problems: Problems;
  change: ChangeRouting;
}

export interface Option {
  value: string;
  label: string;
}

/**
 * Several values from a list, as checkboxes: values chosen that the list lacks (a city no page names yet) stay listed
 * and chosen. With `other`, a value not in the list can be added.
 */
export function MultiChoice({
  legend,
  help,
  options,
  values,
  onChange,
  problem,
  other,
}: {
  legend: ReactNode;
  help?: ReactNode;
  options: Option[];
  values: readonly string[];
  onChange: (values: string[]) => void;
  problem?: string;
  /** The label of the box that adds a value of one's own, e.g. "Another city". */
  other?: string;
}) {
  const id = useId();
  const [added, setAdded] = useState('');
  const known = new Set(options.map((o) => o.value));
  const all = [...options, ...values.filter((v) => !known.has(v)).map((v) => ({ value: v, label: v }))];
  const toggle = (value: string, on: boolean) => onChange(on ? [...values, value] : values.filter((v) => v !== value));
  const add = () => {
    const value = added.trim();
    if (value && !values.includes(value)) onChange([...values, value]);
    setAdded('');
  };
  return (
    <fieldset className={`routing-choice${problem ? ' has-error' : ''}`} aria-describedby={problem ? `${id}-error` : undefined}>
      <legend className="control-label">{legend}</legend>
      {help ? <small className="field-help">{help}</small> : null}
      <div className="routing-options">
        {all.map((option) => (
          <label key={option.value} className="routing-option">
            <input type="checkbox" checked={values.includes(option.value)} onChange={(e) => toggle(option.value, e.target.checked)} />{' '}
            {option.label}
          </label>
        ))}
      </div>
      {other ? (
        <div className="routing-other">
          <label className="visually-hidden" htmlFor={`${id}-other`}>
            {other}
          </label>
          <input
            id={`${id}-other`}
            className="form-control"
            placeholder={other}
            value={added}
            maxLength={100}
            onChange={(e) => setAdded(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          <button type="button" className="button button-light" onClick={add} disabled={!added.trim()}>
            Add
          </button>
        </div>
      ) : null}
      <FieldProblem id={`${id}-error`} message={problem} />
    </fieldset>
  );
}

/** A labelled text box or number box of the rules, with its problem under it. */
export function RoutingInput({
  label,
  help,
  problem,
  value,
  onChange,
  multiline,
  className,
  ...input
}: {
  label: ReactNode;
  help?: ReactNode;
  problem?: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  type?: string;
  min?: number;
  max?: number;
  step?: number;
  maxLength?: number;
  inputMode?: 'numeric' | 'decimal';
  className?: string;
}) {
  const id = useId();
  const classes = className ? `form-control ${className}` : 'form-control';
  // A one-line box is the portal's TextField; only the mails' longer texts need a textarea.
  if (!multiline)
    return (
      <TextField
        id={id}
        label={label}
        help={help}
        error={problem}
        {...input}
        className={classes}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  return (
    <div className={`form-group${problem ? ' has-error' : ''}`}>
      <label className="control-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={classes}
        value={value}
        rows={3}
        maxLength={input.maxLength}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy(id, help, problem)}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldNotes id={id} help={help} problem={problem} />
    </div>
  );
}

/** A choice of one, with its problem under it. */
export function RoutingSelect({
  label,
  help,
  problem,
  value,
  options,
  onChange,
}: {
  label: ReactNode;
  help?: ReactNode;
  problem?: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  const described = describedBy(id, help, problem);
  const listed = options.some((o) => o.value === value);
  return (
    <div className={`form-group${problem ? ' has-error' : ''}`}>
      <label className="control-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="form-control"
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described}
        onChange={(e) => onChange(e.target.value)}
      >
        {listed ? null : <option value={value}>Choose…</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} help={help} problem={problem} />
    </div>
  );
}
