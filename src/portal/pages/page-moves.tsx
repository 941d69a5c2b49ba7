import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { EditablePage } from '../../shared/api/page-editor';
import { Notice } from '../../ui/notice';
import { useActionNotice } from '../../ui/use-action-notice';
import { useDeletePage, useRenamePage, useUnpublishPage } from './page-queries';

const editorOf = (route: string) => `/admin/pages?route=${encodeURIComponent(route)}`;

/**
 * Undoing a page in the browser, each after a confirmation: unpublish (the site serves its file again, or nothing),
 * and for a page made here, rename (its old address answers 301 to the new one) and delete. A page of pages/ is
 * renamed or deleted in git.
 */
export function PageMoves({ page }: { page: EditablePage }) {
  const { route } = page;
  const navigate = useNavigate();
  const unpublish = useUnpublishPage(route);
  const rename = useRenamePage(route);
  const remove = useDeletePage(route);
  const [to, setTo] = useState(route);
  const { notice, run } = useActionNotice();
  const busy = unpublish.isPending || rename.isPending || remove.isPending;


  const onUnpublish = () => {
    const after = page.fromFile ? 'the site serves its file from pages/ again' : 'visitors get "page not found"';
    if (!window.confirm(`Unpublish ${route}? Then ${after}; the draft stays here.`)) return;
    void run(() => unpublish.mutateAsync({}), `Unpublished: ${after}.`);
  };
  const onRename = (event: FormEvent) => {
    event.preventDefault();
    if (!window.confirm(`Move this page from ${route} to ${to}? ${route} will send visitors on to ${to}.`)) return;
    void run(async () => navigate(editorOf((await rename.mutateAsync({ to })).page.route)), `Moved to ${to}.`);
  };
  const onDelete = () => {
    if (!window.confirm(`Delete the page ${route}? Visitors get "page not found"; its history stays.`)) return;
    void run(async () => {
      await remove.mutateAsync();
      navigate('/admin/pages');
    }, `Deleted ${route}.`);
  };

  return (
    <section className="page-moves" aria-label="Unpublish, rename or delete">
      {page.publishedRevisionId !== null ? (
        <button type="button" className="button button-light" onClick={onUnpublish} disabled={busy}>
          Unpublish
        </button>
      ) : null}
      {page.fromFile ? null : (
        <>
          <form className="page-moves-rename" onSubmit={onRename}>
            <label>
              New address
              <input value={to} onChange={(event) => setTo(event.target.value.trim())} required />
            </label>
            <button type="submit" className="button button-light" disabled={busy || to === route}>
              Rename
            </button>
          </form>
          <button type="button" className="button button-light" onClick={onDelete} disabled={busy}>
            Delete page
          </button>
        </>
      )}
      <Notice notice={notice} />
    </section>
  );
}
