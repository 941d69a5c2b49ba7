import { PageChanges } from './page-changes';
import { usePageHistory } from './page-queries';
import { QueryView } from '../../ui/portal-page';
import { Notice } from '../../ui/notice';
import { formatDateTime } from '../../shared/india-time';
import type { RollbackNotice } from './use-page-draft';

interface PageHistoryProps {
  route: string;
  onRollback: (revisionId: number) => void;
  busy: boolean;
  /** The answer to the last rollback, shown beside the revision rolled back to. */
  notice: RollbackNotice;
}

/**
 * Every saved revision of a page, newest first, with what it changed and a rollback: it publishes at once, so it asks
 * first, and answers beside the revision. A revision publishing would refuse (a draft saved unfinished) says why instead.
 */
export function PageHistory({ route, onRollback, busy, notice }: PageHistoryProps) {
  const history = usePageHistory(route);
  const rollBack = (revisionId: number) => {
    if (window.confirm(`Publish revision ${revisionId} again? Visitors to ${route} see it at once, in place of what they see now.`))
      onRollback(revisionId);
  };
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
                      Revision {r.id} by {r.author}, {formatDateTime(r.createdAt)}
                      {r.published ? <strong> (published)</strong> : null}: {r.summary}
                    </summary>
                    <PageChanges changes={r.changes} />
                  </details>
                  {r.published ? null : r.problem ? (
                    <p>Can't be published: {r.problem}</p>
                  ) : (
                    <button type="button" className="button button-light" disabled={busy} onClick={() => rollBack(r.id)}>
                      Roll back to revision {r.id}
                    </button>
                  )}
                  {notice?.revisionId === r.id ? <Notice notice={notice} /> : null}
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
