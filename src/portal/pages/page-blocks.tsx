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
  const metaProblems = problemsUnder(problems, '/meta');
  const cityProblems = problemsUnder(problems, '/city');

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
      <section className="page-block" aria-label="Meta tags">
        <button type="button" className="page-block-title" aria-expanded={open === 'meta'} onClick={() => setOpen(open === 'meta' ? null : 'meta')}>
          Title and description (meta tags)
          {metaProblems.length ? <span className="page-block-problems"> · has problems</span> : null}
        </button>
        {open === 'meta' ? (
          <BlockForm
            id="meta"
            schema={schemas.meta as RJSFSchema}
            value={(document.meta ?? {}) as Record<string, unknown>}
            problems={metaProblems}
            onChange={(value, field) => onChange({ ...document, meta: value }, `meta:${field}`)}
          />
        ) : null}
      </section>
      {document.city ? (
        <section className="page-block" aria-label="City facts">
          <button type="button" className="page-block-title" aria-expanded={open === 'city'} onClick={() => setOpen(open === 'city' ? null : 'city')}>
            City facts (office, phone, hours)
            {cityProblems.length ? <span className="page-block-problems"> · has problems</span> : null}
          </button>
          {open === 'city' ? (
            <BlockForm
              id="city"
              schema={schemas.city as RJSFSchema}
              value={document.city as Record<string, unknown>}
              problems={cityProblems}
              onChange={(value, field) => onChange({ ...document, city: value as PageDocument['city'] }, `city:${field}`)}
            />
          ) : null}
        </section>
      ) : null}
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
