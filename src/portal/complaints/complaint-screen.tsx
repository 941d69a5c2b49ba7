import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { PortalPage, QueryState } from '../../ui/portal-page';
import { ApiError } from '../../lib/api-client';
import { Notice } from '../../ui/notice';
import { ReceivedAndUpdated } from '../../ui/detail-dates';
import type { Complaint, ComplaintStatus } from '../../shared/api/complaints';
import { STATUS_OPTIONS, statusLabel } from './complaint-statuses';
import { useComplaint, useSetComplaintStatus } from './complaint-queries';

const trail = [
  { label: 'Admin', to: '/admin' },
  { label: 'Complaints', to: '/admin/compliants' },
];

/** /admin/compliants/:id: one complaint with its image, and its status. */
export default function ComplaintScreen() {
  const { id = '' } = useParams();
  const loaded = useComplaint(id);
  const complaint = loaded.data;
  return (
    <PortalPage title={complaint ? complaint.subject : 'Complaint'} trail={trail}>
      <QueryState query={loaded} />
      {complaint ? <ComplaintBody key={complaint.id} complaint={complaint} /> : null}
    </PortalPage>
  );
}

function ComplaintBody({ complaint }: { complaint: Complaint }) {
  const selectId = useId();
  const setStatus = useSetComplaintStatus(complaint.id);
  const saving = setStatus.isPending;
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [imageFailed, setImageFailed] = useState(false);
  const { user } = complaint;

  async function changeStatus(status: ComplaintStatus) {
    setMessage(null);
    try {
      await setStatus.mutateAsync(status);
      setMessage({ tone: 'ok', text: 'Status saved.' });
    } catch (e) {
      setMessage({ tone: 'error', text: e instanceof ApiError ? e.message : 'Something went wrong.' });
    }
  }

  return (
    <div className="complaint-layout">
      <div className="portal-card">
        <dl className="detail-list">
          <dt>From</dt>
          <dd>
            {user.fullName ? `${user.fullName} (${user.username})` : user.username}, {user.role}
          </dd>
          <dt>Email</dt>
          <dd>{user.email ? <a href={`mailto:${user.email}`}>{user.email}</a> : '-'}</dd>
          <ReceivedAndUpdated createdAt={complaint.createdAt} updatedAt={complaint.updatedAt} />
        </dl>
        <h2 className="complaint-heading">Message</h2>
        <p className="admin-pre">{complaint.message}</p>
        {complaint.attachmentLink ? (
          <figure className="complaint-image">
            {imageFailed ? (
              <p className="form-banner admin-error" role="alert">
                The image could not be loaded.
              </p>
            ) : (
              <a href={complaint.attachmentLink} target="_blank" rel="noopener">
                <img
                  src={complaint.attachmentLink}
                  alt={`Attachment of the complaint "${complaint.subject}"`}
                  onError={() => setImageFailed(true)}
                />
              </a>
            )}
            <figcaption>Attached image (opens full size).</figcaption>
          </figure>
        ) : (
          <p className="admin-muted">No image attached.</p>
        )}
      </div>
      <div className="portal-card complaint-status">
        <label className="control-label" htmlFor={selectId}>
          Status
        </label>
        <select
          id={selectId}
          className="form-control"
          value={complaint.status}
          disabled={saving}
          onChange={(e) => changeStatus(e.target.value as ComplaintStatus)}
        >
          {STATUS_OPTIONS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        <p className="status-line">
          <span className={`status-badge status-${complaint.status}`}>{statusLabel(complaint.status)}</span>
        </p>
        <Notice notice={message} />
      </div>
    </div>
  );
}
