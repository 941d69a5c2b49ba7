import { useCallback, useEffect, useMemo, useState } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import type { EditablePage, EditorSchemas, PageProblem } from '../../shared/api/page-editor';
import { pageChanges, type PageChange } from '../../shared/page-diff';
import { ApiError } from '../../lib/api-client';
import { Notice } from '../../ui/notice';
import { BlockForm } from './block-form';
import { IMAGE_LIST_ID } from './image-field';
import { PageChanges } from './page-changes';
import { PageHistory } from './page-history';
import { PageMoves } from './page-moves';
import { PagePreview } from './page-preview';
import { fetchEditablePage, usePageImages, usePublishPage, useRollbackPage, useSavePage } from './page-queries';
import { useUndoable } from './use-undoable';

type Document = EditablePage['document'];
type Block = Record<string, unknown> & { type: string };

const blocksOf = (document: Document) => (Array.isArray(document.blocks) ? (document.blocks as Block[]) : []);
const withBlocks = (document: Document, blocks: Block[]): Document => ({ ...document, blocks });
const sameDocument = (a: Document, b: Document) => JSON.stringify(a) === JSON.stringify(b);

/** The problems under a pointer prefix, their pointers made relative to it. */
const problemsUnder = (problems: PageProblem[], prefix: string) =>
  problems.filter((p) => p.pointer.startsWith(`${prefix}/`)).map((p) => ({ ...p, pointer: p.pointer.slice(prefix.length) }));

const blockLabel = (block: Block, index: number) => {
  const title = typeof block.heading === 'string' ? block.heading : typeof block.id === 'string' ? block.id : '';
  return `${index + 1}. ${block.type}${title ? `: ${title}` : ''}`;
};

interface Conflict {
  theirs: EditablePage;
  changes: PageChange[];
}

/**
 * Edits one page: its meta tags and blocks in forms made from the schemas, blocks added, moved, copied and removed,
 * undo and redo, a live preview, the server's problems at their fields, then save, publish (now or at a time) and
 * roll back. A save names the revision it was edited from: if someone saved since, nothing is overwritten and both
 * versions are shown.
 */
export function PageEditor({ page, schemas }: { page: EditablePage; schemas: EditorSchemas }) {
  const route = page.route;
  const doc = useUndoable<Document>(page.document);
  const [base, setBase] = useState({ revisionId: page.revisionId, document: page.document });
  const [problems, setProblems] = useState<PageProblem[]>(page.problems);
  const [open, setOpen] = useState<number | 'meta' | null>(0);
  const [newType, setNewType] = useState(Object.keys(schemas.blocks)[0] ?? '');
  const [publishAt, setPublishAt] = useState('');
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const save = useSavePage(route);
  const publish = usePublishPage(route);
  const rollback = useRollbackPage(route);
  const images = usePageImages();
  const busy = save.isPending || publish.isPending || rollback.isPending;
  const document = doc.value;
  const blocks = blocksOf(document);
  const dirty = !sameDocument(document, base.document);

  // Ctrl+Z / Ctrl+Shift+Z (⌘ on a Mac) outside text fields, whose own undo the browser keeps.
  const { undo, redo } = doc;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return;
      if (target?.closest('input, textarea, select, [contenteditable]')) return;
      event.preventDefault();
      if (event.shiftKey) redo();
      else undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  const setBlocks = (next: Block[], merge?: string) => doc.set(withBlocks(document, next), merge);
  const changeBlock = useCallback(
    (index: number, value: Record<string, unknown>, field: string) =>
      doc.set(withBlocks(doc.value, blocksOf(doc.value).map((b, i) => (i === index ? (value as Block) : b))), `${index}:${field}`),
    [doc],
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

  async function run<T>(action: () => Promise<T>, done: (result: T) => string) {
    setNotice(null);
    try {
      const result = await action();
      setNotice({ tone: 'ok', text: done(result) });
      return result;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const theirs = await fetchEditablePage(route);
        setConflict({ theirs, changes: pageChanges(document, theirs.document) });
      } else if (error instanceof ApiError && error.fieldErrors.some((e) => e.field.startsWith('/'))) {
        setProblems(error.fieldErrors.map((e) => ({ pointer: e.field, message: e.message })));
      }
      setNotice({ tone: 'error', text: error instanceof ApiError ? error.message : 'Something went wrong.' });
      return undefined;
    }
  }

  /** Saves the document as a revision on top of the one it was edited from; the saved page becomes the new base. */
  const saveNow = async () => {
    const reply = await run(
      () => save.mutateAsync({ document, baseRevisionId: base.revisionId }),
      (saved) => `Saved as revision ${saved.page.revisionId}. Visitors still see the published version.`,
    );
    if (reply) setBase({ revisionId: reply.page.revisionId, document: reply.page.document });
    return reply?.page;
  };

  const publishNow = async () => {
    const saved = dirty || base.revisionId === null ? await saveNow() : { revisionId: base.revisionId };
    if (!saved?.revisionId) return;
    const at = publishAt ? new Date(publishAt).toISOString() : undefined;
    await run(
      () => publish.mutateAsync({ revisionId: saved.revisionId as number, at }),
      () => (at ? `Scheduled for ${new Date(at).toLocaleString()}.` : `Published: ${route} shows this version now.`),
    );
  };

  const rollBack = async (revisionId: number) => {
    const reply = await run(
      () => rollback.mutateAsync({ revisionId }),
      () => `Rolled back to revision ${revisionId}; the site shows it now.`,
    );
    if (reply) {
      setBase({ revisionId: reply.page.revisionId, document: reply.page.document });
      doc.reset(reply.page.document);
    }
  };

  const takeTheirs = (theirs: EditablePage) => {
    setBase({ revisionId: theirs.revisionId, document: theirs.document });
    doc.set(theirs.document);
    setConflict(null);
  };
  const keepMine = (theirs: EditablePage) => {
    // Mine goes on top of theirs: a new revision, theirs stays in the history.
    setBase({ revisionId: theirs.revisionId, document: theirs.document });
    setConflict(null);
  };

  const onProblems = useCallback((found: PageProblem[]) => setProblems(found), []);
  const pageProblems = problems.filter((p) => !p.pointer.startsWith('/blocks/') && !p.pointer.startsWith('/meta/'));
  const metaSchema = schemas.meta as RJSFSchema;
  // Uploaded images first (newest first), with their size; then the files of public/ not already listed.
  const imageOptions = useMemo(() => {
    const uploads = (images.data?.uploads ?? []).map((i) => ({ src: i.path, label: `${i.name}, ${i.width} × ${i.height}, uploaded` }));
    const uploaded = new Set(uploads.map((i) => i.src));
    return [...uploads, ...(images.data?.images ?? []).filter((src) => !uploaded.has(src)).map((src) => ({ src, label: src }))];
  }, [images.data]);

  return (
    <div className="page-editor">
      <datalist id={IMAGE_LIST_ID}>
        {imageOptions.map(({ src, label }) => (
          <option key={src} value={src} label={label} />
        ))}
      </datalist>
      <div className="page-editor-toolbar" role="toolbar" aria-label="Page actions">
        <button type="button" className="button button-light" onClick={doc.undo} disabled={!doc.canUndo}>
          Undo
        </button>
        <button type="button" className="button button-light" onClick={doc.redo} disabled={!doc.canRedo}>
          Redo
        </button>
        <button type="button" className="button button-secondary" onClick={() => void saveNow()} disabled={busy || !dirty}>
          Save draft
        </button>
        <label className="page-editor-when">
          Publish at (empty: now)
          <input type="datetime-local" value={publishAt} onChange={(event) => setPublishAt(event.target.value)} />
        </label>
        <button type="button" className="button button-primary" onClick={() => void publishNow()} disabled={busy}>
          {publishAt ? 'Schedule' : 'Publish'}
        </button>
        {page.previewPath ? (
          <a href={page.previewPath} target="_blank" rel="noopener">
            Draft preview link
          </a>
        ) : null}
      </div>
      <p className="page-editor-status" role="status">
        {page.status === 'file' && base.revisionId === null ? 'Served from its file; nothing saved here yet.' : null}
        {page.scheduledAt ? `Scheduled for ${new Date(page.scheduledAt).toLocaleString()}. ` : null}
        {dirty ? 'Unsaved changes.' : ''}
      </p>
      <Notice notice={notice} />
      {conflict ? (
        <section className="page-conflict" role="alert" aria-labelledby="page-conflict-title">
          <h2 id="page-conflict-title">Someone else saved this page</h2>
          <p>
            Revision {conflict.theirs.revisionId} was saved since you opened the page. Nothing was overwritten. What differs between
            yours and theirs:
          </p>
          <PageChanges changes={conflict.changes} before="Yours" after="Theirs" />
          <button type="button" className="button button-light" onClick={() => takeTheirs(conflict.theirs)}>
            Load their version
          </button>
          <button type="button" className="button button-light" onClick={() => keepMine(conflict.theirs)}>
            Keep mine (save again to put it on top of theirs)
          </button>
        </section>
      ) : null}
      {pageProblems.length ? (
        <ul className="page-problems" aria-label="Problems of the page">
          {pageProblems.map((p) => (
            <li key={`${p.pointer}:${p.message}`}>
              <code>{p.pointer}</code> {p.message}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="page-editor-columns">
        <div className="page-editor-blocks">
          <section className="page-block" aria-label="Meta tags">
            <button type="button" className="page-block-title" aria-expanded={open === 'meta'} onClick={() => setOpen(open === 'meta' ? null : 'meta')}>
              Title and description (meta tags)
              {problemsUnder(problems, '/meta').length ? <span className="page-block-problems"> · has problems</span> : null}
            </button>
            {open === 'meta' ? (
              <BlockForm
                id="meta"
                schema={metaSchema}
                value={(document.meta ?? {}) as Record<string, unknown>}
                problems={problemsUnder(problems, '/meta')}
                onChange={(value, field) => doc.set({ ...doc.value, meta: value }, `meta:${field}`)}
              />
            ) : null}
          </section>
          {blocks.map((block, index) => {
            const own = problemsUnder(problems, `/blocks/${index}`);
            const schema = schemas.blocks[block.type] as RJSFSchema | undefined;
            return (
              // Blocks have no ids of their own: the index is what moves, and the form follows it.
              <section key={index} className="page-block" aria-label={`Block ${blockLabel(block, index)}`}>
                <div className="page-block-head">
                  <button type="button" className="page-block-title" aria-expanded={open === index} onClick={() => setOpen(open === index ? null : index)}>
                    {blockLabel(block, index)}
                    {own.length ? <span className="page-block-problems"> · {own.length} problem(s)</span> : null}
                  </button>
                  <span className="page-block-actions">
                    <button type="button" className="button button-light" onClick={() => move(index, -1)} disabled={index === 0}>
                      Up
                    </button>
                    <button type="button" className="button button-light" onClick={() => move(index, 1)} disabled={index === blocks.length - 1}>
                      Down
                    </button>
                    <button type="button" className="button button-light" onClick={() => duplicate(index)}>
                      Duplicate
                    </button>
                    <button type="button" className="button button-light" onClick={() => remove(index)}>
                      Remove
                    </button>
                  </span>
                </div>
                {open === index ? (
                  schema ? (
                    <BlockForm
                      id={`block-${index}`}
                      schema={schema}
                      value={block}
                      problems={own}
                      onChange={(value, field) => changeBlock(index, value, field)}
                    />
                  ) : (
                    <ul className="page-problems">
                      {own.map((p) => (
                        <li key={p.message}>{p.message}</li>
                      ))}
                    </ul>
                  )
                ) : null}
              </section>
            );
          })}
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
        <PagePreview document={document} onProblems={onProblems} />
      </div>
      <PageHistory route={route} onRollback={(id) => void rollBack(id)} busy={busy} />
      <PageMoves page={page} />
    </div>
  );
}
