import type { RJSFSchema } from '@rjsf/utils';
import type { PageProblem } from '../../shared/api/page-editor';
import { BlockForm } from './block-form';

interface DocumentPartProps {
  id: string;
  label: string;
  title: string;
  schema: unknown;
  value: unknown;
  problems: PageProblem[];
  open: boolean;
  onToggle: () => void;
  onChange: (value: Record<string, unknown>, field: string) => void;
}

/**
 * A part of the page that is not one of its sections (its meta tags, its city's facts, a city's figures and events): a
 * form that opens under its title.
 */
export function DocumentPart({ id, label, title, schema, value, problems, open, onToggle, onChange }: DocumentPartProps) {
  return (
    <section className="page-block" aria-label={label}>
      <button type="button" className="page-block-title" aria-expanded={open} onClick={onToggle}>
        {title}
        {problems.length ? <span className="page-block-problems"> · has problems</span> : null}
      </button>
      {open ? (
        <BlockForm id={id} schema={schema as RJSFSchema} value={(value ?? {}) as Record<string, unknown>} problems={problems} onChange={onChange} />
      ) : null}
    </section>
  );
}
