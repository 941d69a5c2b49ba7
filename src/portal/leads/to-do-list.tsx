import { QueryState, EmptyState } from '../../ui/portal-page';
import { formatDateTime } from '../../shared/india-time';
import { PhoneLink } from '../../ui/phone-link';
import type { LeadSummary, ToDo } from '../../shared/api/leads';
import { useLeadParams } from './use-lead-params';
import { useToDo } from './lead-queries';
import { LeadDetail } from './lead-detail';
import { ReplyDue } from './reply-due';
import { RepeatBadge, StatusBadge } from './status-badge';
import { DigestSetting } from './digest-setting';
import { useNow } from '../../lib/use-now';

const SECTIONS = [
  { key: 'overdue', title: 'Overdue', none: 'Nothing overdue.' },
  { key: 'today', title: 'Due today', none: 'Nothing else is due today.' },
  { key: 'fresh', title: 'New', none: 'No other new leads.' },
] as const satisfies { key: keyof ToDo['counts']; title: string; none: string }[];

function FollowUpDue({ at }: { at: string | null }) {
  const now = useNow();
  if (!at) return null;
  const late = Date.parse(at) <= now;
  return (
    <span className="leads-due">
      {late ? <span className="status-badge status-overdue">Overdue</span> : null} Follow up {late ? 'was due ' : 'at '}
      {formatDateTime(at)}
    </span>
  );
}

function ToDoCard({ lead, onOpen }: { lead: LeadSummary; onOpen: (id: string) => void }) {
  return (
    <li className="to-do-card">
      <button type="button" className="leads-open" data-lead={lead.id} onClick={() => onOpen(lead.id)}>
        {lead.name ?? 'Unnamed lead'}
      </button>
      <StatusBadge status={lead.status} />
      {lead.repeat ? <RepeatBadge /> : null}
      {lead.phone ? (
        <span className="to-do-phone">
          <PhoneLink phone={lead.phone} />
        </span>
      ) : null}
      <span className="leads-muted">{[lead.city, lead.summary].filter(Boolean).join(' · ')}</span>
      <ReplyDue lead={lead} />
      <FollowUpDue at={lead.followUpAt} />
    </li>
  );
}

/**
 * What the signed-in BDE or FBDE has to do, most urgent first: leads past their promised reply or follow-up, those
 * due later today, then their other new leads. A lead opens in place, as in the other tabs.
 */
export function ToDoList() {
  const { openLead, setOpenLead } = useLeadParams();
  const toDo = useToDo();
  if (openLead) return <LeadDetail key={openLead} id={openLead} onBack={() => setOpenLead(null)} />;
  const data = toDo.data;
  return (
    <>
      <QueryState query={toDo} />
      {data && !data.counts.overdue && !data.counts.today && !data.counts.fresh ? (
        <EmptyState title="Nothing to do right now">
          New leads, and those you set a follow-up for, appear here when they are due.
        </EmptyState>
      ) : null}
      {data
        ? SECTIONS.map((section) => {
            const leads = data[section.key];
            const count = data.counts[section.key];
            return (
              <section key={section.key} className={`to-do-section to-do-${section.key}`} aria-labelledby={`to-do-${section.key}`}>
                <h2 id={`to-do-${section.key}`}>
                  {section.title} <span className="to-do-count">{count}</span>
                </h2>
                {leads.length ? (
                  <ul className="to-do-list">
                    {leads.map((lead) => (
                      <ToDoCard key={lead.id} lead={lead} onOpen={setOpenLead} />
                    ))}
                  </ul>
                ) : (
                  <p className="leads-muted">{section.none}</p>
                )}
                {count > leads.length ? (
                  <p className="leads-muted">
                    Showing the first {leads.length} of {count}.
                  </p>
                ) : null}
              </section>
            );
          })
        : null}
      <DigestSetting />
    </>
  );
}
