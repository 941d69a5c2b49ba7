import { useRef } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import type { PageProblem } from '../../shared/api/page-editor';
import type { Block as PageBlock } from '../../shared/generated/page-document';
import { overrideOf, wordedSection } from '../../shared/city-template';
import { BlockForm } from './block-form';
import { blockLabel, kindOf } from './block-section';
import type { Block } from './editor-document';

/** A city's wording of a section: undefined where it is the template's, null where the city leaves it out. */
export type SectionOverride = Record<string, unknown> | null | undefined;

interface CitySectionProps {
  /** The template's section, the city's name filled in. */
  block: PageBlock;
  /** Its place in the template, from 0. */
  index: number;
  cityName: string;
  override: SectionOverride;
  schemas: Record<string, unknown>;
  /** Every city page shows it as the template has it. */
  locked: boolean;
  /** The field the city's own facts fill (a figures section's figures): not edited here. */
  filledByFacts?: { key: string; what: string; where: string };
  /** Whether the page shows it: a figures or events section waits for the city's own. */
  shown: boolean;
  problems: PageProblem[];
  open: boolean;
  onToggle: () => void;
  onChange: (override: SectionOverride, field?: string) => void;
  announce: (text: string) => void;
}

/** A schema without one of its fields. */
function withoutField(schema: RJSFSchema, key: string): RJSFSchema {
  const { [key]: _left, ...properties } = (schema.properties ?? {}) as Record<string, unknown>;
  return { ...schema, properties, required: schema.required?.filter((k) => k !== key) } as RJSFSchema;
}

/**
 * One section of a city page made from its template: the template's words or the city's own, a section left out of
 * this page, or one every city shows the same (locked). Its form shows the section as this city's page shows it; what
 * is edited is kept as what the city says differently, so a later change to the template's other words reaches it.
 */
export function CitySection(props: CitySectionProps) {
  const { block, index, cityName, override, schemas, locked, filledByFacts, shown, problems, open, onToggle, onChange, announce } = props;
  const title = useRef<HTMLButtonElement>(null);
  const replaced = !!override && typeof override.type === 'string' && override.type !== block.type;
  const section = (override === null ? block : wordedSection(block, override as Partial<PageBlock> | undefined)) as unknown as Block;
  const schema = schemas[section.type] as RJSFSchema | undefined;
  const kind = kindOf(section, schema);
  const label = blockLabel(section, index, kind);
  const keep = filledByFacts ? [filledByFacts.key] : [];
  const { [keep[0] ?? '']: _filled, ...value } = section;

  const state = locked
    ? 'Locked: every city page shows it as the layout has it'
    : override === null
      ? 'Left out of this page'
      : !shown && filledByFacts
        ? `Shows once ${cityName} has its own ${filledByFacts.what}: add them under ${filledByFacts.where}`
        : override
          ? `Worded for ${cityName}`
          : "The layout's words";
  // The buttons change what the section shows; focus stays on the one pressed (it becomes its opposite), or on the title.
  const takeLayoutWords = () => {
    onChange(undefined);
    title.current?.focus();
    announce(`${kind} shows the layout's words again.`);
  };
  const leaveOut = () => {
    onChange(null);
    announce(`${kind} left out of this page. Undo brings it back.`);
  };
  const showAgain = () => {
    onChange(undefined);
    announce(`${kind} is on this page again.`);
  };
  const edit = (edited: Record<string, unknown>, field: string) =>
    onChange(replaced ? edited : overrideOf(block, edited, keep), field);

  return (
    <section className="page-block" aria-label={`Section ${label}`}>
      <div className="page-block-head">
        {locked || override === null ? (
          <span className="page-block-title">{label}</span>
        ) : (
          <button type="button" className="page-block-title" aria-expanded={open} onClick={onToggle} ref={title}>
            {label}
            {problems.length ? <span className="page-block-problems"> · {problems.length} problem(s)</span> : null}
          </button>
        )}
        {locked ? null : (
          <span className="page-block-actions">
            {override ? (
              <button type="button" className="button button-light" onClick={takeLayoutWords} aria-label={`Use the layout's words in ${kind}`}>
                Use the layout's words
              </button>
            ) : null}
            {override === null ? (
              <button type="button" className="button button-light" onClick={showAgain} aria-label={`Show ${kind} on this page`}>
                Show it on this page
              </button>
            ) : (
              <button type="button" className="button button-light" onClick={leaveOut} aria-label={`Leave ${kind} out of this page`}>
                Leave it out
              </button>
            )}
          </span>
        )}
      </div>
      <p className={`page-section-state${override ? ' page-section-own' : ''}`}>{state}</p>
      {open && !locked && override !== null && schema ? (
        <>
          {filledByFacts ? (
            <p className="field-help">
              Its {filledByFacts.what} are {cityName}'s own: edit them under {filledByFacts.where}.
            </p>
          ) : null}
          <BlockForm
            id={`section-${index}`}
            schema={filledByFacts ? withoutField(schema, filledByFacts.key) : schema}
            value={value}
            problems={problems}
            onChange={edit}
          />
        </>
      ) : null}
    </section>
  );
}
