import type { useLeadRoutingHistory } from './admin-queries';
import type { LeadRouting } from '../../shared/generated/lead-routing';
import { formatDateTime } from '../../shared/india-time';
import { QueryView } from '../../ui/portal-page';

/** Every saved version, newest first, and the rules the site was installed with: any of them can be restored. */
export function RoutingHistoryList({
  history,
  current,
  busy,
  onRestore,
}: {
  history: ReturnType<typeof useLeadRoutingHistory>;
  /** The version in force (null: the file). */
  current: number | null;
  busy: boolean;
  onRestore: (document: LeadRouting, label: string) => void;
}) {
  return (
    <section className="routing-section routing-history" aria-labelledby="routing-history">
      <h2 id="routing-history">History</h2>
      <QueryView query={history}>
        {({ versions, file }) => (
          <ol className="routing-versions">
            {versions.map((v) => (
              <li key={v.id} className="routing-version">
                <div>
                  <strong>Version {v.id}</strong> saved by {v.savedBy} on {formatDateTime(v.savedAt)}
                  {v.note ? <span className="routing-version-note">{v.note}</span> : null}
                </div>
                {v.id === current ? (
                  <span className="routing-version-current">In force</span>
                ) : (
                  <button
                    type="button"
                    className="button button-light"
                    disabled={busy}
                    onClick={() => onRestore(v.document, `version ${v.id}`)}
                  >
                    Restore<span className="visually-hidden"> version {v.id}</span>
                  </button>
                )}
              </li>
            ))}
            <li className="routing-version">
              <div>
                <strong>The rules the site was installed with</strong>
                <span className="routing-version-note">pages/lead-routing.json, used while no version is saved</span>
              </div>
              {current === null ? (
                <span className="routing-version-current">In force</span>
              ) : (
                <button
                  type="button"
                  className="button button-light"
                  disabled={busy}
                  onClick={() => onRestore(file, 'the installed rules')}
                >
                  Restore<span className="visually-hidden"> the installed rules</span>
                </button>
              )}
            </li>
          </ol>
        )}
      </QueryView>
    </section>
  );
}
