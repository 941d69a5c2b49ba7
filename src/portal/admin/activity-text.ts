import type { Activity } from '../../shared/api/dashboard';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** An activity row as a sentence, and where its subject can be opened (when the portal has a screen for it). */
export function describeActivity(a: Activity): { text: string; to?: string } {
  const d = a.detail ?? {};
  switch (a.action) {
    case 'user.created':
      return { text: `created a ${text(d.role) || 'user'} account`, to: '/admin/users' };
    case 'user.updated':
      return { text: `updated an account${Array.isArray(d.changed) ? ` (${d.changed.join(', ')})` : ''}`, to: '/admin/users' };
    case 'user.password-reset':
      return { text: 'reset a password', to: '/admin/users' };
    case 'recruiter-request.approved':
      return { text: `approved a recruiter request: account ${text(d.username)}`, to: `/admin/recruiter-requests/${a.subjectId}` };
    case 'recruiter-request.rejected':
      return { text: 'rejected a recruiter request', to: `/admin/recruiter-requests/${a.subjectId}` };
    case 'complaint.filed':
      return { text: `filed a complaint: ${text(d.subject)}`, to: `/admin/compliants/${a.subjectId}` };
    case 'complaint.status':
      return { text: `marked a complaint ${text(d.status)}`, to: `/admin/compliants/${a.subjectId}` };
    case 'team.created':
    case 'team.updated':
    case 'team.deleted':
      return { text: `${a.action.slice(5)} team member ${text(d.name)}`.trim(), to: '/admin/team' };
    case 'lead-routing.saved':
      return { text: `changed the lead routing${d.note ? `: ${text(d.note)}` : ''}`, to: '/admin/lead-routing' };
    default:
      // Actions other screens record (leads, jobs, blogs): readable enough as they are.
      return { text: `${a.action.replace(/[._-]/g, ' ')} (${a.subjectType})` };
  }
}
