import { Link } from 'react-router-dom';
import { formatDateTime } from '../../shared/india-time';
import { JOB_REQUESTS, personName, type LeadSummary } from './lead-types';
import { StatusBadge } from './status-badge';

interface LeadTableProps {
  leads: LeadSummary[];
  formTitles: Map<string, string>;
  onOpen: (id: string) => void;
}

/** The leads of one page; a row's name (or anywhere on the row) opens the lead. */
export function LeadTable({ leads, formTitles, onOpen }: LeadTableProps) {
  return (
    <div className="table-wrap">
      <table className="data-table leads-table">
        <thead>
          <tr>
            <th scope="col">Received</th>
            <th scope="col">Name</th>
            <th scope="col">Contact</th>
            <th scope="col">Form</th>
            <th scope="col">City</th>
            <th scope="col">Details</th>
            <th scope="col">Status</th>
            <th scope="col">Assigned to</th>
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <tr
              key={lead.id}
              className="leads-row"
              onClick={(e) => {
                // Links and buttons in the row do their own thing.
                if (!(e.target as HTMLElement).closest('a, button')) onOpen(lead.id);
              }}
            >
              <td className="leads-nowrap">{formatDateTime(lead.createdAt)}</td>
              <td>
                <button type="button" className="leads-open" onClick={() => onOpen(lead.id)}>
                  {lead.name ?? 'Unnamed lead'}
                </button>
                {lead.collection === JOB_REQUESTS ? (
                  <Link className="leads-sublink" to={`/job-request-details/${lead.id}`}>
                    Job request details
                  </Link>
                ) : null}
              </td>
              <td className="leads-contact">
                {lead.email ? <span>{lead.email}</span> : null}
                {lead.phone ? <span>{lead.phone}</span> : null}
              </td>
              <td>
                {formTitles.get(lead.formId) ?? lead.formId}
                <span className="leads-muted">{lead.collection}</span>
              </td>
              <td>{lead.city ?? '—'}</td>
              <td className="leads-summary">
                {lead.summary}
                {lead.hasResume ? <span className="leads-tag">Resume</span> : null}
              </td>
              <td>
                <StatusBadge status={lead.status} />
              </td>
              <td>{lead.assignedTo ? personName(lead.assignedTo) : <span className="leads-muted">Nobody yet</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
