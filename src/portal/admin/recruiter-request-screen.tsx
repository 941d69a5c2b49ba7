import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { PortalPage, QueryState } from '../../ui/portal-page';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../shared/india-time';
import type { RecruiterRequestDetail } from '../../shared/api/recruiter-requests';
import { useApproveRecruiterRequest, useRecruiterRequest, useRejectRecruiterRequest } from './admin-queries';
import { PasswordDialog } from './password-dialog';
import { requestStatusLabel } from './request-status';
import { FormBanner } from '../../ui/form-banner';
import { TextField } from '../../ui/text-field';
import { USERNAME_HELP } from './user-fields';
import { PhoneLink } from '../../ui/phone-link';

const trail = [
  { label: 'Admin', to: '/admin' },
  { label: 'Recruiter Requests', to: '/admin/recruiter-requests' },
];

/** A username to start from: the part of the email before @, or the name, in the characters usernames allow. */
function suggestUsername(request: RecruiterRequestDetail): string {
  const base = (request.email?.split('@')[0] || request.name || '')
    .toLowerCase()
    .replace(/\s+/g, '.')
    .replace(/[^a-z0-9._-]/g, '');
  return base.slice(0, 40);
}

/** Only web addresses become links: the text came from a public form. */
const webLink = (value: string) => (/^https?:\/\/[^\s]+$/i.test(value) ? value : null);

/** /admin/recruiter-requests/:id: the application, and approving it into a RECRUITER account or rejecting it. */
export default function RecruiterRequestScreen() {
  const { id = '' } = useParams();
  const loaded = useRecruiterRequest(id);
  const request = loaded.data?.request;
  return (
    <PortalPage title={request?.name ? `Recruiter request: ${request.name}` : 'Recruiter Request'} trail={trail}>
      <QueryState query={loaded} />
      {request ? <RequestBody request={request} /> : null}
    </PortalPage>
  );
}

function RequestBody({ request }: { request: RecruiterRequestDetail }) {
  const inputId = useId();
  const [username, setUsername] = useState(() => suggestUsername(request));
  const approveRequest = useApproveRecruiterRequest(request.id);
  const rejectRequest = useRejectRecruiterRequest(request.id);
  const busy = approveRequest.isPending || rejectRequest.isPending;
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ username: string; password: string } | null>(null);
  // A request fetched again suggests its name again (state adjusted while rendering, not after in an effect).
  const [suggestedFor, setSuggestedFor] = useState(request);
  if (suggestedFor !== request) {
    setSuggestedFor(request);
    setUsername(suggestUsername(request));
  }
  const handled = request.status === 'converted';
  const link = request.linkedin ? webLink(request.linkedin) : null;

  async function approve(event: FormEvent) {
    event.preventDefault();
    if (!username.trim()) return setError('Username is required');
    setError(null);
    try {
      const result = await approveRequest.mutateAsync(username.trim());
      setCreated({ username: result.user.username, password: result.temporaryPassword });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong.');
    }
  }

  async function reject() {
    if (!window.confirm(`Reject the request of ${request.name ?? 'this applicant'}?`)) return;
    setError(null);
    try {
      await rejectRequest.mutateAsync();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong.');
    }
  }

  return (
    <>
      <div className="portal-card">
        <dl className="detail-list">
          <dt>Status</dt>
          <dd>
            <span className={`status-badge status-${request.status}`}>{requestStatusLabel(request.status)}</span>
          </dd>
          <dt>Received</dt>
          <dd>{formatDateTime(request.createdAt)}</dd>
          <dt>Name</dt>
          <dd>{request.name ?? '-'}</dd>
          <dt>Email</dt>
          <dd>{request.email ? <a href={`mailto:${request.email}`}>{request.email}</a> : '-'}</dd>
          <dt>Phone</dt>
          <dd>{request.phone ? <PhoneLink phone={request.phone} /> : '-'}</dd>
          <dt>City</dt>
          <dd>{request.city ?? '-'}</dd>
          <dt>Experience</dt>
          <dd>{request.experience ?? '-'}</dd>
          <dt>Specialisation</dt>
          <dd>{request.specialisation ?? '-'}</dd>
          <dt>LinkedIn</dt>
          <dd>
            {link ? (
              <a href={link} target="_blank" rel="noopener noreferrer nofollow">
                {link}
              </a>
            ) : (
              (request.linkedin ?? '-')
            )}
          </dd>
          <dt>Message</dt>
          <dd className="admin-pre">{request.message ?? '-'}</dd>
        </dl>
      </div>

      <div className="portal-card">
        {request.account ? (
          <p>
            Approved{request.account.approvedBy ? ` by ${request.account.approvedBy}` : ''} on {formatDateTime(request.account.approvedAt)}:
            the RECRUITER account is <strong>{request.account.username}</strong>. To give them a new password, reset it under Users.
          </p>
        ) : handled ? (
          <p>This request has been approved.</p>
        ) : (
          <form className="admin-form" onSubmit={approve} noValidate>
            <h2>Approve</h2>
            <p>Approving creates a RECRUITER account with the applicant's name and email, and a temporary password shown to you once.</p>
            <TextField
              id={inputId}
              label="Username for the new account"
              help={USERNAME_HELP}
              className="form-control admin-narrow-input"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              maxLength={40}
              autoComplete="off"
            />
            <FormBanner message={error} />
            <div className="button-row">
              <button type="submit" className="button" disabled={busy}>
                {busy ? 'Working…' : 'Approve and create account'}
              </button>
              {request.status !== 'closed' ? (
                <button type="button" className="button button-light" onClick={reject} disabled={busy}>
                  Reject
                </button>
              ) : null}
            </div>
          </form>
        )}
      </div>

      {created ? (
        <PasswordDialog
          title="Recruiter account created"
          username={created.username}
          password={created.password}
          onClose={() => setCreated(null)}
        />
      ) : null}
    </>
  );
}
