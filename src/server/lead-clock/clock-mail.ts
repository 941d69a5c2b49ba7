import type { ClockMessage } from '../../shared/generated/lead-routing';
import type { MailPayload } from '../outbox/outbox-row';
import { escapeHtml } from '../../shared/escape-html';
import { formatDateTime } from '../../shared/india-time';
import { fillPlaceholders } from '../../shared/placeholders';

/** A lead as a clock mail lists it. */
export interface ClockLead {
  id: string;
  name: string | null;
  formTitle: string;
  city: string | null;
  createdAt: Date;
  respondBy: Date;
  /** Where the recipient opens it: the BDE portal or the admin's inbox. */
  link: string;
}

/**
 * One mail listing leads, in the words of pages/lead-routing.json: the staff member gets one mail a sweep however
 * many of their leads came due, each with when it came in, when its answer is due and a link to it.
 */
export function clockMail(message: ClockMessage, to: string[], leads: ClockLead[]): MailPayload {
  const fill = (text: string) => fillPlaceholders(text, { count: String(leads.length) });
  const line = (lead: ClockLead) =>
    [
      lead.name ?? 'Unnamed lead',
      `${lead.formTitle}${lead.city ? `, ${lead.city}` : ''}`,
      `came in ${formatDateTime(lead.createdAt)}`,
      `reply due ${formatDateTime(lead.respondBy)}`,
    ].join(' · ');
  const text = `${fill(message.intro)}\n\n${leads.map((lead) => `- ${line(lead)}\n  ${lead.link}`).join('\n')}\n`;
  const html =
    `<p>${escapeHtml(fill(message.intro))}</p><ul>` +
    leads.map((lead) => `<li><a href="${escapeHtml(lead.link)}">${escapeHtml(line(lead))}</a></li>`).join('') +
    '</ul>';
  return { to, subject: fill(message.subject), html, text };
}
