import { useState } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import type { EditorSchemas, PageProblem } from '../../shared/api/page-editor';
import { BlockForm } from './block-form';
import { BlockSection } from './block-section';
import { blocksOf, problemsUnder, withBlocks, type Block, type PageDocument } from './editor-document';

interface PageBlocksProps {
  document: PageDocument;
  schemas: EditorSchemas;
  problems: PageProblem[];
  /** A new document; changes with the same `merge` key in a row are one undo step (typing in one field). */
  onChange: (document: PageDocument, merge?: string) => void;
}

/**
 * The page's forms: its meta tags, then each block, one open at a time; blocks added (after the open one), moved,
 * copied and removed.
 */
export function PageBlocks({ document, schemas, problems, onChange }: PageBlocksProps) {
  const [open, setOpen] = useState<number | 'meta' | 'city' | null>(0);
  const [newType, setNewType] = useState(Object.keys(schemas.blocks)[0] ?? '');
  const blocks = blocksOf(document);
  // The parts of the page that are not blocks: its meta tags, and a city page's facts.
  const parts = [
    { id: 'meta' as const, label: 'Meta tags', title: 'Title and description (meta tags)', schema: schemas.meta, value: document.meta },
    ...(document.city
      ? [{ id: 'city' as const, label: 'City facts', title: 'City facts (office, phone, hours)', schema: schemas.city, value: document.city }]
      : []),
  ];

  const setBlocks = (next: Block[], merge?: string) => onChange(withBlocks(document, next), merge);
  const changeBlock = (index: number, value: Record<string, unknown>, field: string) =>
    setBlocks(
      blocks.map((b, i) => (i === index ? (value as Block) : b)),
      `${index}:${field}`,
    );
  const move = (index: number, by: -1 | 1) => {
    const next = [...blocks];
    const [block] = next.splice(index, 1);
    if (!block || index + by < 0 || index + by > blocks.length - 1) return;
    next.splice(index + by, 0, block);
    setBlocks(next);
    setOpen(index + by);
  };
  const duplicate = (index: number) => {
    const copy = structuredClone(blocks[index]) as Block;
    delete copy.id; // an anchor is used once per page
    setBlocks([...blocks.slice(0, index + 1), copy, ...blocks.slice(index + 1)]);
    setOpen(index + 1);
  };
  const remove = (index: number) => {
    setBlocks(blocks.filter((_, i) => i !== index));
    setOpen(null);
  };
  const add = () => {
    const at = typeof open === 'number' ? open + 1 : blocks.length;
    setBlocks([...blocks.slice(0, at), { type: newType }, ...blocks.slice(at)]);
    setOpen(at);
  };

  return (
    <div className="page-editor-blocks">
      {parts.map((part) => (
        <DocumentPart
          key={part.id}
          {...part}
          problems={problemsUnder(problems, `/${part.id}`)}
          open={open === part.id}
          onToggle={() => setOpen(open === part.id ? null : part.id)}
          onChange={(value, field) => onChange({ ...document, [part.id]: value }, `${part.id}:${field}`)}
        />
      ))}
      {blocks.map((block, index) => (
        // Blocks have no ids of their own: the index is what moves, and the form follows it.
        <BlockSection
          key={index}
          block={block}
          index={index}
          count={blocks.length}
          schema={schemas.blocks[block.type] as RJSFSchema | undefined}
          problems={problemsUnder(problems, `/blocks/${index}`)}
          open={open === index}
          onToggle={() => setOpen(open === index ? null : index)}
          onMove={(by) => move(index, by)}
          onDuplicate={() => duplicate(index)}
          onRemove={() => remove(index)}
          onChange={(value, field) => changeBlock(index, value, field)}
        />
      ))}
      <div className="page-block-add">
        <label htmlFor="new-block-type">Block type</label>
        <select id="new-block-type" value={newType} onChange={(event) => setNewType(event.target.value)}>
          {Object.keys(schemas.blocks).map((type) => (
            <option key={type}>{type}</option>
          ))}
        </select>
        <button type="button" className="button button-light" onClick={add}>
          Add block
        </button>
      </div>
    </div>
  );
}

interface DocumentPartProps {
  id: 'meta' | 'city';
  label: string;
  title: string;
  schema: unknown;
  value: unknown;
  problems: PageProblem[];
  open: boolean;
  onToggle: () => void;
  onChange: (value: Record<string, unknown>, field: string) => void;
}

/** A part of the page that is not a block (its meta tags, its city's facts): a form that opens under its title. */
function DocumentPart({ id, label, title, schema, value, problems, open, onToggle, onChange }: DocumentPartProps) {
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
