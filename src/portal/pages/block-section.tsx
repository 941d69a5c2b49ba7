import type { RJSFSchema } from '@rjsf/utils';
import type { PageProblem } from '../../shared/api/page-editor';
import { BlockForm } from './block-form';
import { fillSite } from '../../content/site';
import type { Block } from './editor-document';
import { isLocalizedText, textIn } from '../../shared/localized-text';

/** The kind of a block in words: its schema's title, such as Hero. */
export const kindOf = (block: Block, schema: RJSFSchema | undefined) => (typeof schema?.title === 'string' ? schema.title : block.type);

/** The block as the list names it: its number, its kind, then its heading as visitors read it. */
export const blockLabel = (block: Block, index: number, kind: string) => {
  const heading = typeof block.heading === 'string' || isLocalizedText(block.heading) ? fillSite(textIn(block.heading, 'en')) : '';
  return `${index + 1}. ${kind}${heading ? `: ${heading}` : ''}`;
};

interface BlockSectionProps {
  block: Block;
  index: number;
  /** How many blocks the page has: the last one cannot move down. */
  count: number;
  /** Its schema; a block of a type with none shows only its problems. */
  schema: RJSFSchema | undefined;
  /** Its problems, pointers relative to the block. */
  problems: PageProblem[];
  open: boolean;
  onToggle: () => void;
  onMove: (by: -1 | 1) => void;
  onDuplicate: () => void;
  onRemove: () => void;
  onChange: (value: Record<string, unknown>, field: string) => void;
}

/** One block of the page: its title (with how many problems it has), moved, copied or removed, and its form when open. */
export function BlockSection({ block, index, count, schema, problems, open, onToggle, onMove, onDuplicate, onRemove, onChange }: BlockSectionProps) {
  const kind = kindOf(block, schema);
  const label = blockLabel(block, index, kind);
  return (
    <section className="page-block" aria-label={`Block ${label}`}>
      <div className="page-block-head">
        <button type="button" className="page-block-title" aria-expanded={open} onClick={onToggle} data-focus={`block-${index}-title`}>
          {label}
          {problems.length ? <span className="page-block-problems"> · {problems.length} problem(s)</span> : null}
        </button>
        <span className="page-block-actions">
          <button type="button" className="button button-light" onClick={() => onMove(-1)}
            disabled={index === 0}
            aria-label={`Move ${kind} up`}
            data-focus={`block-${index}-up`}
          >
            Up
          </button>
          <button
            type="button"
            className="button button-light"
            onClick={() => onMove(1)}
            disabled={index === count - 1}
            aria-label={`Move ${kind} down`}
            data-focus={`block-${index}-down`}
          >
            Down
          </button>
          <button type="button" className="button button-light" onClick={onDuplicate} aria-label={`Duplicate ${kind}`}>
            Duplicate
          </button>
          <button type="button" className="button button-light" onClick={onRemove} aria-label={`Remove ${kind}`}>
            Remove
          </button>
        </span>
      </div>
      {open ? (
        schema ? (
          <BlockForm id={`block-${index}`} schema={schema} value={block} problems={problems} onChange={onChange} />
        ) : (
          <ul className="page-problems">
            {problems.map((p) => (
              <li key={p.message}>{p.message}</li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
