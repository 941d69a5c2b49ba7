import type { MorningDigest } from '../../shared/generated/lead-routing';
import type { MailPayload } from '../outbox/outbox-row';
import { escapeHtml } from '../../shared/escape-html';
import { formatDateTime } from '../../shared/india-time';
import { fillPlaceholders } from '../../shared/placeholders';

/** A lead as the digest lists it. */
export interface DigestLead {
  name: string | null;
  formTitle: string;
  city: string | null;
  /** Its promised reply or follow-up, whichever comes first; null for a new lead promised nothing. */
  due: string | null;
  link: string;
}

export interface DigestSection {
  title: string;
  count: number;
  leads: DigestLead[];
}

/**
 * The morning digest, in the words of pages/lead-routing.json: the person's overdue leads, then those due today, then
 * the new, each with a link that opens it, and a link to the whole To do list where the digest can be turned off.
 */
export function digestMail(digest: MorningDigest, to: string, sections: DigestSection[], toDoLink: string): MailPayload {
  const count = sections.reduce((sum, section) => sum + section.count, 0);
  const fill = (text: string) => fillPlaceholders(text, { count: String(count) });
  const line = (lead: DigestLead) =>
    [
      lead.name ?? 'Unnamed lead',
      `${lead.formTitle}${lead.city ? `, ${lead.city}` : ''}`,
      ...(lead.due ? [`due ${formatDateTime(lead.due)}`] : []),
    ].join(' · ');
  const shown = sections.filter((section) => section.count > 0);
  const more = (section: DigestSection) => section.count - section.leads.length;
  const footer = 'Your To do list, and the switch to turn this mail off';
  const text =
    `${fill(digest.intro)}\n\n` +
    shown
      .map(
        (section) =>
          `${section.title} (${section.count})\n` +
          section.leads.map((lead) => `- ${line(lead)}\n  ${lead.link}`).join('\n') +
          (more(section) > 0 ? `\n- and ${more(section)} more` : ''),
      )
      .join('\n\n') +
    `\n\n${footer}: ${toDoLink}\n`;
  const html =
    `<p>${escapeHtml(fill(digest.intro))}</p>` +
    shown
      .map(
        (section) =>
          `<h2>${escapeHtml(section.title)} (${section.count})</h2><ul>` +
          section.leads.map((lead) => `<li><a href="${escapeHtml(lead.link)}">${escapeHtml(line(lead))}</a></li>`).join('') +
          (more(section) > 0 ? `<li>and ${more(section)} more</li>` : '') +
          '</ul>',
      )
      .join('') +
    `<p><a href="${escapeHtml(toDoLink)}">${footer}</a></p>`;
  return { to: [to], subject: fill(digest.subject), html, text };
}
