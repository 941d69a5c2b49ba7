import { useState } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import type { EditorSchemas, PageProblem } from '../../shared/api/page-editor';
import { BlockSection, kindOf } from './block-section';
import { useFocusAfterRender } from './use-editor-focus';
import { DocumentPart } from './document-part';
import { blocksOf, problemsUnder, withBlocks, type Block, type PageDocument } from './editor-document';

interface PageBlocksProps {
  document: PageDocument;
  schemas: EditorSchemas;
  problems: PageProblem[];
  /** A new document; changes with the same `merge` key in a row are one undo step (typing in one field). */
  onChange: (document: PageDocument, merge?: string) => void;
  /** Says what an action did, to a screen reader. */
  announce: (text: string) => void;
}

/**
 * The page's forms: its meta tags, then each block, one open at a time; blocks added (after the open one), moved,
 * copied and removed.
 */
export function PageBlocks({ document, schemas, problems, onChange, announce }: PageBlocksProps) {
  const [open, setOpen] = useState<number | 'meta' | 'city' | null>(0);
  const [newType, setNewType] = useState(Object.keys(schemas.blocks)[0] ?? '');
  const blocks = blocksOf(document);
  const { container, focusAfterRender } = useFocusAfterRender<HTMLDivElement>();
  const kindAt = (index: number) => {
    const block = blocks[index];
    return block ? kindOf(block, schemas.blocks[block.type] as RJSFSchema | undefined) : 'Section';
  };
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
    // The same button of the moved block, so pressing it again moves it on; at the end of the list, the other one.
    focusAfterRender(`block-${index + by}-${by < 0 ? 'up' : 'down'}`, `block-${index + by}-${by < 0 ? 'down' : 'up'}`);
    announce(`${kindAt(index)} moved ${by < 0 ? 'up' : 'down'}: now section ${index + by + 1} of ${blocks.length}.`);
  };
  const duplicate = (index: number) => {
    const copy = structuredClone(blocks[index]) as Block;
    delete copy.id; // an anchor is used once per page
    setBlocks([...blocks.slice(0, index + 1), copy, ...blocks.slice(index + 1)]);
    setOpen(index + 1);
    focusAfterRender(`block-${index + 1}-title`);
    announce(`${kindAt(index)} copied: the copy is section ${index + 2}.`);
  };
  const remove = (index: number) => {
    setBlocks(blocks.filter((_, i) => i !== index));
    setOpen(null);
    // The block that took its place, or the one before it, or adding one.
    focusAfterRender(`block-${index}-title`, `block-${index - 1}-title`, 'add-type');
    announce(`${kindAt(index)} removed. Undo brings it back.`);
  };
  const add = () => {
    const at = typeof open === 'number' ? open + 1 : blocks.length;
    setBlocks([...blocks.slice(0, at), { type: newType }, ...blocks.slice(at)]);
    setOpen(at);
    focusAfterRender(`block-${at}-title`);
    announce(`${kindOf({ type: newType }, schemas.blocks[newType] as RJSFSchema | undefined)} added as section ${at + 1}: fill in its fields.`);
  };

  return (
    <div className="page-editor-blocks" ref={container}>
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
        <select id="new-block-type" data-focus="add-type" value={newType} onChange={(event) => setNewType(event.target.value)}>
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
