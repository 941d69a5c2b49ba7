import { Link } from 'react-router-dom';
import { formatDateTime } from '../../shared/india-time';
import { DataTable, type Column, type Paging } from '../../ui/data-table';
import type { LeadSummary } from '../../shared/api/leads';
import { JOB_REQUESTS, personName } from './lead-labels';
import { RepeatBadge, StatusBadge } from './status-badge';
import { ReplyDue } from './reply-due';
import { PhoneLink } from '../../ui/phone-link';

interface LeadTableProps {
  leads: LeadSummary[];
  formTitles: Map<string, string>;
  onOpen: (id: string) => void;
  paging: Paging;
  empty: { title: string; text?: React.ReactNode };
}

/** The leads of one page; a row's name (or anywhere on the row) opens the lead. */
export function LeadTable({ leads, formTitles, onOpen, paging, empty }: LeadTableProps) {
  const columns: Column<LeadSummary>[] = [
    {
      header: 'Received',
      className: 'leads-nowrap',
      cell: (lead) => (
        <>
          {formatDateTime(lead.createdAt)}
          <span className="leads-muted">{lead.reference}</span>
        </>
      ),
    },
    {
      header: 'Name',
      cardTitle: true,
      cell: (lead) => (
        <>
          <button type="button" className="leads-open" data-lead={lead.id} onClick={() => onOpen(lead.id)}>
            {lead.name ?? 'Unnamed lead'}
          </button>
          {lead.collection === JOB_REQUESTS ? (
            <Link className="leads-sublink" to={`/job-request-details/${lead.id}`}>
              Job request details
            </Link>
          ) : null}
        </>
      ),
    },
    {
      header: 'Contact',
      className: 'leads-contact',
      cell: (lead) => (
        <>
          {lead.phone ? (
            <span>
              <PhoneLink phone={lead.phone} />
            </span>
          ) : null}
          {lead.email ? <span title={lead.email}>{lead.email}</span> : null}
        </>
      ),
    },
    {
      header: 'Form',
      cell: (lead) => (
        <>
          {formTitles.get(lead.formId) ?? lead.formId}
          <span className="leads-muted">{lead.collection}</span>
        </>
      ),
    },
    { header: 'City', cell: (lead) => lead.city ?? '—' },
    {
      header: 'Details',
      className: 'leads-summary',
      cell: (lead) => (
        <>
          {lead.summary}
          {lead.hasResume ? <span className="leads-tag">Resume</span> : null}
        </>
      ),
    },
    {
      header: 'Status',
      cell: (lead) => (
        <>
          <StatusBadge status={lead.status} />
          {lead.repeat ? <RepeatBadge /> : null}
          <ReplyDue lead={lead} />
        </>
      ),
    },
    {
      header: 'Assigned to',
      cell: (lead) => (lead.assignedTo ? personName(lead.assignedTo) : <span className="leads-muted">Nobody yet</span>),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={leads}
      caption="Leads"
      className="leads-table"
      cards
      empty={empty}
      paging={paging}
      rowProps={(lead) => ({
        className: 'leads-row',
        onClick: (e) => {
          // Links and buttons in the row do their own thing.
          if (!(e.target as HTMLElement).closest('a, button')) onOpen(lead.id);
        },
      })}
    />
  );
}
