import { PageChanges } from './page-changes';
import { usePageHistory } from './page-queries';
import { QueryView } from '../../ui/portal-page';

/** Every saved revision of a page, newest first, with what it changed and a one-click rollback. */
export function PageHistory({ route, onRollback, busy }: { route: string; onRollback: (revisionId: number) => void; busy: boolean }) {
  const history = usePageHistory(route);
  return (
    <section className="page-history" aria-labelledby="page-history-title">
      <h2 id="page-history-title">History</h2>
      <QueryView query={history}>
        {({ revisions }) =>
          revisions.length ? (
            <ol>
              {revisions.map((r) => (
                <li key={r.id}>
                  <details>
                    <summary>
                      Revision {r.id} by {r.author}, {new Date(r.createdAt).toLocaleString()}
                      {r.published ? <strong> (published)</strong> : null}: {r.summary}
                    </summary>
                    <PageChanges changes={r.changes} />
                  </details>
                  {r.published ? null : (
                    <button type="button" className="button button-light" disabled={busy} onClick={() => onRollback(r.id)}>
                      Roll back to revision {r.id}
                    </button>
                  )}
                </li>
              ))}
            </ol>
          ) : (
            <p>No revisions yet: the site serves this page from its file.</p>
          )
        }
      </QueryView>
    </section>
  );
}
