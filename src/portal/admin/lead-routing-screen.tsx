import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import type { RoutingInForce } from '../../shared/api/lead-routing';
import type { LeadRouting } from '../../shared/generated/lead-routing';
import { formatDateTime } from '../../shared/india-time';
import { routingPlace } from '../../shared/lead-routing-words';
import { Notice } from '../../ui/notice';
import { PortalPage, QueryView } from '../../ui/portal-page';
import { useLeadRouting, useLeadRoutingHistory, useSaveLeadRouting } from './admin-queries';
import { routingProblems, type RoutingProblem } from './routing-check';
import { Problems, type ChangeRouting } from './routing-fields';
import { RoutingHistoryList } from './routing-history';
import { RoutingRules } from './routing-rules';
import { cleaned, RoutingSettings } from './routing-settings';
import { RoutingTeams } from './routing-teams';

export const SAVED = 'Saved. New leads follow these rules from now.';

/**
 * /admin/lead-routing: who new leads go to. The admin edits the teams, the rules in order, the default team, the
 * response clock, the morning digest and the offline sources; each save is a version the history keeps, and the
 * newest routes every lead from then on (pages/lead-routing.json does while none was saved).
 */
export default function LeadRoutingScreen() {
  const query = useLeadRouting();
  return (
    <PortalPage title="Lead routing" trail={[{ label: 'Admin', to: '/admin' }]}>
      <QueryView query={query}>{(inForce) => <RoutingEditor inForce={inForce} refetch={() => query.refetch()} />}</QueryView>
    </PortalPage>
  );
}

const inForceLine = (inForce: RoutingInForce) =>
  inForce.version
    ? `In force since ${formatDateTime(inForce.version.savedAt)}, saved by ${inForce.version.savedBy} (version ${inForce.version.id}).`
    : 'In force: the rules the site was installed with. No one has changed them here yet.';

function RoutingEditor({ inForce, refetch }: { inForce: RoutingInForce; refetch: () => Promise<{ data?: RoutingInForce }> }) {
  const [draft, setDraft] = useState<LeadRouting>(() => structuredClone(inForce.document));
  const [basedOn, setBasedOn] = useState(inForce.version?.id ?? null);
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<RoutingProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [theirs, setTheirs] = useState<RoutingInForce | null>(null);
  const save = useSaveLeadRouting();
  const history = useLeadRoutingHistory();
  const form = useRef<HTMLFormElement>(null);
  // After a refusal the first field with a problem takes the focus, so the admin lands where there is something to fix.
  useEffect(() => {
    if (problems.length) form.current?.querySelector<HTMLElement>('.has-error input, .has-error select, .has-error textarea')?.focus();
  }, [problems]);

  const change: ChangeRouting = (edit) => {
    setNotice(null);
    setDraft((current) => {
      const next = structuredClone(current);
      edit(next);
      return next;
    });
  };
  const unsaved = JSON.stringify(cleaned(draft)) !== JSON.stringify(cleaned(inForce.document));

  /** Sends a version; the draft the admin typed stays whatever the answer. */
  async function send(document: LeadRouting, versionNote: string, restoring: boolean) {
    setNotice(null);
    setFailure(null);
    setTheirs(null);
    try {
      const saved = await save.mutateAsync({ document, basedOn, note: versionNote || undefined });
      setDraft(structuredClone(saved.document));
      setBasedOn(saved.version?.id ?? null);
      setProblems([]);
      setNote('');
      setNotice({ tone: 'ok', text: restoring ? `Restored. New leads follow these rules from now.` : SAVED });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 409) {
        setTheirs((await refetch()).data ?? null);
        setFailure(error.message);
      } else if (error.status === 400 && error.fieldErrors.some((e) => e.field)) {
        // The server's words carry where the problem is; at its field, what remains says what.
        setProblems(
          error.fieldErrors.map(({ field, message }) => {
            const place = `${routingPlace(field, document)}: `;
            return { pointer: field, message: message.startsWith(place) ? message.slice(place.length) : message };
          }),
        );
        setFailure(`The rules were not saved: ${error.fieldErrors.length === 1 ? 'one problem' : `${error.fieldErrors.length} problems`}.`);
      } else setFailure(error.message);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const document = cleaned(draft);
    const found = routingProblems(document);
    setProblems(found);
    if (found.length) {
      setNotice(null);
      setFailure(`The rules were not saved: ${found.length === 1 ? 'one problem' : `${found.length} problems`}.`);
      return;
    }
    void send(document, note.trim(), false);
  }

  function restore(document: LeadRouting, label: string) {
    if (unsaved && !window.confirm('Restoring replaces the changes you have not saved. Restore anyway?')) return;
    void send(document, `Restored ${label}`, true);
  }

  const listed = new Problems(problems);
  return (
    <>
      <p className="routing-in-force">{inForceLine(inForce)}</p>
      <form ref={form} className="admin-form routing-form" onSubmit={submit} noValidate aria-label="Lead routing rules">
        {failure ? (
          <div className="form-banner" role="alert">
            <p>{failure}</p>
            {problems.length ? (
              <ul>
                {problems.map((p) => (
                  <li key={`${p.pointer} ${p.message}`}>
                    {routingPlace(p.pointer, draft)}: {p.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        {theirs ? (
          <section className="page-conflict" aria-labelledby="routing-conflict">
            <h2 id="routing-conflict">Someone else saved the rules</h2>
            <p>
              {theirs.version
                ? `${theirs.version.savedBy} saved version ${theirs.version.id} at ${formatDateTime(theirs.version.savedAt)}.`
                : 'Another version was saved.'}{' '}
              Nothing was overwritten, and your changes are still here.
            </p>
            <div className="button-row">
              <button
                type="button"
                className="button button-light"
                onClick={() => {
                  setDraft(structuredClone(theirs.document));
                  setBasedOn(theirs.version?.id ?? null);
                  setTheirs(null);
                  setFailure(null);
                }}
              >
                Load their version
              </button>
              <button
                type="button"
                className="button button-light"
                onClick={() => {
                  setBasedOn(theirs.version?.id ?? null);
                  setTheirs(null);
                  setFailure('Your changes are kept: save to put them on top of theirs.');
                }}
              >
                Keep mine
              </button>
            </div>
          </section>
        ) : null}
        <RoutingRules routing={draft} choices={inForce.choices} problems={listed} change={change} />
        <RoutingTeams routing={draft} choices={inForce.choices} problems={listed} change={change} />
        <RoutingSettings routing={draft} file={history.data?.file} problems={listed} change={change} />
        <div className="routing-save-bar">
          <Notice notice={notice} />
          <div className="routing-save-row">
            <div className="form-group">
              <label className="control-label" htmlFor="routing-note">
                What you changed (optional, shown in the history)
              </label>
              <input id="routing-note" className="form-control" value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
            </div>
            <button type="submit" className="button" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save the rules'}
            </button>
          </div>
          {unsaved ? <p className="routing-unsaved">Changes not saved yet</p> : null}
        </div>
      </form>
      <RoutingHistoryList history={history} current={basedOn} busy={save.isPending} onRestore={restore} />
    </>
  );
}
