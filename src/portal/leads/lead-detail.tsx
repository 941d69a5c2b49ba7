import { Fragment, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../shared/india-time';
import { ReceivedAndUpdated } from '../../ui/detail-dates';
import { QueryState } from '../../ui/portal-page';
import { useLead, useUpdateLead } from './lead-queries';
import { LeadNotes } from './lead-notes';
import { LeadHistory } from './lead-history';
import type { Assignee, LeadDetail as Lead } from '../../shared/api/leads';
import { LEAD_STATUSES, type LeadStatus } from '../../shared/lead-statuses';
import { JOB_REQUESTS, STATUS_LABELS, personName } from './lead-labels';
import { RepeatBadge, StatusBadge } from './status-badge';
import { ReplyDue } from './reply-due';
import { ReachPerson } from '../../ui/reach-person';
import { LogContact } from './log-contact';
import { LeadFollowUp } from './lead-follow-up';
import { LeadSource } from './lead-source';
import { LeadPerson } from './lead-person';
import { SaveMessage, useSaveResult } from '../../ui/save-message';
import { isLocale, languageName, LOCALE_FACTS } from '../../shared/locales';

interface LeadDetailProps {
  id: string;
  /** The admin's list of BDEs and FBDEs; absent, the assignment is shown but cannot be changed. */
  assignees?: Assignee[];
  onBack: () => void;
}

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One lead: every field it was submitted with, its consent, resume, status, assignment and notes. */
export function LeadDetail({ id, assignees, onBack }: LeadDetailProps) {
  const loaded = useLead(id);
  const lead = loaded.data;
  const update = useUpdateLead(id);
  const saving = update.isPending;
  const { result: message, save } = useSaveResult();

  const change = (
    body: { status?: LeadStatus; assignedTo?: string | null; offlineSource?: string | null },
    done: (updated: Lead) => string,
  ) => save(async () => done(await update.mutateAsync(body)));

  // Opening a lead replaces the list: focus moves to the lead rather than falling to the page. A lead the server
  // rendered at this address is already where the page starts: focusing it does not scroll the page away.
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const root = document.getElementById('root');
    sectionRef.current?.focus({ preventScroll: root instanceof HTMLFieldSetElement && root.disabled });
  }, []);

  const back = (
    <button type="button" className="button button-light" onClick={onBack}>
      ← Back to the list
    </button>
  );
  if (!lead) {
    return (
      <section className="leads-detail" aria-label="Lead details" tabIndex={-1} ref={sectionRef}>
        {back}
        <QueryState query={loaded} />
      </section>
    );
  }

  return (
    <section className="leads-detail" aria-label="Lead details" tabIndex={-1} ref={sectionRef}>
      <div className="leads-detail-head">
        {back}
        <h2>
          {lead.name ?? 'Unnamed lead'} <StatusBadge status={lead.status} />
          {lead.repeat ? <RepeatBadge /> : null}
        </h2>
        <ReplyDue lead={lead} />
        <ReachPerson name={lead.name} phone={lead.phone} email={lead.email} whatsapp={lead.whatsapp} />
      </div>

      <div className="leads-detail-grid">
        <div>
          <section className="portal-card" aria-label="Submitted details">
            <h3>{lead.formTitle}</h3>
            <p className="leads-muted">Reference {lead.reference}</p>
            <dl className="detail-list">
              {lead.fields.map((f) => (
                <Fragment key={f.key}>
                  <dt>{f.label}</dt>
                  <dd className="leads-value">{f.value}</dd>
                </Fragment>
              ))}
            </dl>
            {lead.locale !== 'en' ? <p className="leads-language">Sent from the page in {languageName(lead.locale)}.</p> : null}
            <p className="leads-consent">
              {lead.consent?.text ? (
                <>
                  Consent given{lead.consent.givenAt ? ` on ${formatDateTime(lead.consent.givenAt)}` : ''}
                  {lead.consent.lang ? `, in ${languageName(lead.consent.lang)}` : ''}
                  {lead.consent.version ? ` (notice ${lead.consent.version})` : ''}:{' '}
                  <q lang={isLocale(lead.consent.lang) ? LOCALE_FACTS[lead.consent.lang].tag : undefined}>{lead.consent.text}</q>
                </>
              ) : (
                'No consent line was recorded with this submission.'
              )}
            </p>
            {lead.resume ? (
              <p>
                <a className="button button-light" href={`/api/leads/${lead.id}/resume`} download={lead.resume.name}>
                  Download resume
                </a>{' '}
                <span className="leads-muted">
                  {lead.resume.name}, {fileSize(lead.resume.size)}
                </span>
              </p>
            ) : null}
            {lead.collection === JOB_REQUESTS ? (
              <p className="lead-detail-link">
                <Link to={`/job-request-details/${lead.id}`}>Open the job request details</Link>
              </p>
            ) : null}
          </section>
          <LeadPerson leadId={lead.id} />
          <LeadSource lead={lead} />
          <LeadNotes leadId={lead.id} notes={lead.notes} />
          <LeadHistory history={lead.history} />
        </div>

        <aside className="portal-card leads-work" aria-label="Follow-up">
          <label>
            Status
            <select
              value={lead.status}
              disabled={saving}
              onChange={(e) => {
                const status = e.target.value as LeadStatus;
                void change({ status }, () => `Status changed to ${STATUS_LABELS[status]}.`);
              }}
            >
              {LEAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          {assignees ? (
            <label>
              Assigned to
              <select
                value={lead.assignedTo?.id ?? ''}
                disabled={saving}
                onChange={(e) =>
                  void change({ assignedTo: e.target.value || null }, (u) =>
                    u.assignedTo ? `Assigned to ${personName(u.assignedTo)}.` : 'No longer assigned.',
                  )
                }
              >
                <option value="">Nobody</option>
                {assignees.map((u) => (
                  <option key={u.id} value={u.id}>
                    {personName(u)} ({u.role}
                    {u.city ? `, ${u.city}` : ''})
                  </option>
                ))}
                {lead.assignedTo && !assignees.some((u) => u.id === lead.assignedTo?.id) ? (
                  <option value={lead.assignedTo.id}>{personName(lead.assignedTo)} (inactive)</option>
                ) : null}
              </select>
            </label>
          ) : (
            <p>
              <strong>Assigned to:</strong> {lead.assignedTo ? personName(lead.assignedTo) : 'Nobody yet'}
            </p>
          )}
          {lead.offlineSources.length ? (
            <label>
              Offline source
              <select
                value={lead.offlineSource ?? ''}
                disabled={saving}
                onChange={(e) =>
                  void change({ offlineSource: e.target.value || null }, (u) =>
                    u.offlineSource ? `Offline source set to ${u.offlineSource}.` : `Source back to ${u.source ?? 'none'}.`,
                  )
                }
              >
                <option value="">None: it came online</option>
                {lead.offlineSources.map((source) => (
                  <option key={source}>{source}</option>
                ))}
                {lead.offlineSource && !lead.offlineSources.includes(lead.offlineSource) ? <option>{lead.offlineSource}</option> : null}
              </select>
            </label>
          ) : null}
          <SaveMessage result={message} />
          <LeadFollowUp leadId={lead.id} followUpAt={lead.followUpAt} />
          <LogContact leadId={lead.id} followUpAt={lead.followUpAt} />
          <dl className="detail-list leads-meta">
            <ReceivedAndUpdated createdAt={lead.createdAt} updatedAt={lead.updatedAt} />
            <dt>Page</dt>
            <dd>
              <a href={lead.page}>{lead.page}</a>
            </dd>
            <dt>Collection</dt>
            <dd>{lead.collection}</dd>
            <dt>City</dt>
            <dd>{lead.city ?? '—'}</dd>
          </dl>
        </aside>
      </div>
    </section>
  );
}
