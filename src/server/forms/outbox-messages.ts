import type { FormDefinition, SubmitTarget } from '../../shared/generated/form-definition';
import type { SiteConfig } from '../../shared/generated/site-config';
import { shortVisitorText } from './visitor-text';
import type { ConsentLinks } from './consent-links';
import { escapeHtml } from '../../shared/escape-html';
import type { MailPayload, OutboxRow } from '../outbox/outbox-row';
import { formatPhone, holdsPhone } from '../../shared/phone';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales';
import { message } from '../../shared/i18n/messages';

/**
 * Stands for the submission's reference (HF-2026-000123) in its outbox rows: the statement that stores them numbers the
 * submission and puts the reference in its place (store.ts), so mail and forwards quote the number the visitor sees.
 */
export const REFERENCE_PLACEHOLDER = '{reference}';

export interface StoredSubmission {
  id: string;
  createdAt: Date;
  data: Record<string, unknown>;
  hasUpload: boolean;
  /** Fields whose values the site chose, not the visitor: a page's fixed values, an event checked against the page. */
  trusted?: string[];
  /** The withdraw and confirmation links the visitor's mail carries (consent-links.ts). */
  links?: ConsentLinks;
}

type FieldSchema = { title?: string; format?: string; oneOf?: { const: string; title: string }[] };

/** A submitted value as the visitor saw it: the label of a choice rather than its code, a phone number grouped. */
function shown(definition: FormDefinition, field: string, value: unknown): string {
  const schema = (definition.schema.properties?.[field] ?? {}) as FieldSchema;
  if (typeof value === 'string' && holdsPhone(schema.format)) return formatPhone(value);
  const option = schema.oneOf?.find((o) => o.const === value);
  return option?.title ?? (value == null ? '' : String(value));
}

function fill(template: string, definition: FormDefinition, data: Record<string, unknown>) {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in data ? shown(definition, key, data[key]) : m));
}

function fieldRows(definition: FormDefinition, data: Record<string, unknown>) {
  return Object.keys(definition.schema.properties ?? {})
    .filter((field) => data[field] !== undefined && data[field] !== '')
    .map((field) => {
      const title = ((definition.schema.properties?.[field] ?? {}) as FieldSchema).title ?? field;
      const value = field === 'resume' ? 'Attached (download it from the portal)' : shown(definition, field, data[field]);
      return [title, value] as const;
    });
}

function notification(definition: FormDefinition, target: SubmitTarget, site: SiteConfig, s: StoredSubmission): MailPayload {
  const rule = target.to ?? { default: 'clients' };
  const chosen = rule.field ? rule.map?.[String(s.data[rule.field])] : undefined;
  const mailboxes = [...new Set([chosen ?? rule.default, ...(rule.also ?? [])])];
  const subject = fill(target.subject ?? `${definition.title ?? definition.id} from {name}`, definition, s.data);
  const rows = fieldRows(definition, s.data);
  const html =
    `<p>A new ${escapeHtml(definition.title ?? definition.id)} submission arrived on the website.</p>` +
    `<table cellpadding="6" style="border-collapse:collapse">${rows
      .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
      .join('')}</table><p>Reference: ${REFERENCE_PLACEHOLDER}</p>`;
  const text = `${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nReference: ${REFERENCE_PLACEHOLDER}`;
  const replyTo = typeof s.data.email === 'string' ? s.data.email : undefined;
  const cc = target.cc?.map((mailbox) => site.mailboxes[mailbox]);
  return { to: mailboxes.map((mailbox) => site.mailboxes[mailbox]), ...(cc?.length ? { cc } : {}), subject, html, text, replyTo };
}

/**
 * The data an acknowledgement may quote. It goes to whatever address was typed, so the visitor's own words appear only
 * short and link-free; choices show their label, and what the site set (fixed values, fields it adds such as the
 * job) shows as is.
 */
function quotable(definition: FormDefinition, s: StoredSubmission): Record<string, unknown> {
  const properties = definition.schema.properties ?? {};
  return Object.fromEntries(
    Object.entries(s.data).map(([field, value]) => {
      if (!(field in properties) || s.trusted?.includes(field)) return [field, value];
      const choices = (properties[field] as FieldSchema).oneOf;
      if (choices) return [field, choices.some((o) => o.const === value) ? value : ''];
      const short = typeof value === 'string' ? shortVisitorText(value) : '';
      return [field, short || (field === 'name' ? 'there' : '')];
    }),
  );
}

/**
 * The visitor's mail, in the language of the page they sent the form from: the form's words there (`definition` in
 * that language) and the product's own around them (the catalogue's mail.ack.*).
 */
function acknowledgement(
  definition: FormDefinition,
  target: SubmitTarget,
  site: SiteConfig,
  s: StoredSubmission,
  locale: Locale,
): MailPayload | null {
  if (typeof s.data.email !== 'string') return null;
  const data = quotable(definition, s);
  const subject = fill(target.subject ?? message(locale, 'mail.ack.subject', { brand: site.brand.name }), definition, data);
  const text = fill(target.text ?? '', definition, data);
  const signature = `${site.brand.name}\n${site.phone.display} · ${site.email}`;
  const confirm = target.type === 'confirm' ? s.links?.confirm : undefined;
  const withdraw = s.links?.withdraw;
  const withdrawLabel = message(locale, target.type === 'confirm' ? 'mail.ack.unsubscribe' : 'mail.ack.withdraw');
  const confirmLabel = message(locale, 'mail.ack.confirm');
  const link = (url: string, label: string) => `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`;
  // A subscription is not something to quote back to staff.
  const reference = target.type === 'confirm' ? '' : message(locale, 'mail.ack.reference', { reference: REFERENCE_PLACEHOLDER });
  const html =
    text
      .split('\n')
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('') +
    (reference ? `<p>${escapeHtml(reference)}</p>` : '') +
    (confirm ? link(confirm, confirmLabel) : '') +
    `<p>${escapeHtml(signature).replace('\n', '<br>')}</p>` +
    (withdraw ? link(withdraw, withdrawLabel) : '');
  const plain = [text, reference, confirm && `${confirmLabel}: ${confirm}`, signature, withdraw && `${withdrawLabel}: ${withdraw}`];
  // RFC 8058: mail clients show an unsubscribe button that POSTs to the link, with no page to visit.
  const headers = withdraw ? { 'List-Unsubscribe': `<${withdraw}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined;
  return {
    to: [s.data.email],
    subject,
    html,
    text: plain.filter(Boolean).join('\n\n'),
    replyTo: site.email,
    ...(headers ? { headers } : {}),
  };
}

/** A record in the shape a spreadsheet endpoint expects: column name to value. */
function sheetRecord(definition: FormDefinition, target: SubmitTarget, s: StoredSubmission) {
  return Object.fromEntries(
    Object.entries(target.fields ?? {}).map(([column, field]) => {
      if (field === '$timestamp') return [column, s.createdAt.toISOString()];
      if (field === '$hasResume') return [column, s.hasUpload ? 'Yes' : 'No'];
      if (field === '$reference') return [column, REFERENCE_PLACEHOLDER];
      return [column, s.data[field] == null ? '' : String(s.data[field])];
    }),
  );
}

/**
 * The endpoint variable of a sheet or webhook forward: the one a value the page fixed picks (a city's own sheet), else
 * the target's urlEnv. A value the visitor typed never picks one, so nobody sends records to another city's sheet.
 */
function forwardVariable(target: SubmitTarget, s: StoredSubmission): string | undefined {
  const rule = target.urlEnvByField;
  const value = rule && s.trusted?.includes(rule.field) ? s.data[rule.field] : undefined;
  return (typeof value === 'string' ? rule?.map[value] : undefined) ?? target.urlEnv;
}

/**
 * What a stored submission owes: mail and forwards, each sent later by the outbox worker. A form that asks the
 * visitor to confirm (the newsletter) sends only that request at once: its staff hear of an address, and forwards
 * carry it, once its owner has confirmed it, so an address typed by someone else reaches nobody.
 */
export function outboxRowsFor(
  definition: FormDefinition,
  site: SiteConfig,
  s: StoredSubmission,
  visitor: VisitorLanguage = { definition, locale: DEFAULT_LOCALE },
): OutboxRow[] {
  const confirmFirst = definition.submit.targets.some((target) => target.type === 'confirm');
  return definition.submit.targets.flatMap((target, index) =>
    rowsFor(definition, target, site, s, { ...visitor, target: visitor.definition.submit.targets[index] ?? target }).map((row) =>
      confirmFirst && target.type !== 'confirm' ? { ...row, held: true } : row,
    ),
  );
}

/** The form as the visitor read it, in the language of their page: what their own mail says. Staff read English. */
export interface VisitorLanguage {
  definition: FormDefinition;
  locale: Locale;
  /** What their mail fills its placeholders with, when it differs from staff's (a job's title in their language). */
  data?: Record<string, unknown>;
}

/** The mail or forward one target of a form asks for. */
function rowsFor(
  definition: FormDefinition,
  target: SubmitTarget,
  site: SiteConfig,
  s: StoredSubmission,
  visitor: VisitorLanguage & { target: SubmitTarget },
): OutboxRow[] {
  switch (target.type) {
    case 'email':
      return [{ kind: 'email', payload: notification(definition, target, site, s) }];
    case 'ack':
    case 'confirm': {
      const mail = acknowledgement(
        visitor.definition,
        visitor.target,
        site,
        visitor.data ? { ...s, data: visitor.data } : s,
        visitor.locale,
      );
      return mail ? [{ kind: 'ack', payload: mail }] : [];
    }
    case 'sheet': {
      const urlEnv = forwardVariable(target, s);
      if (!urlEnv) return [];
      const record = sheetRecord(definition, target, s);
      const body = target.shape === 'data-object' ? { data: [record] } : [record];
      return [{ kind: 'sheet', payload: { urlEnv, body, success: target.success ?? 'ok' } }];
    }
    case 'firestore':
      // The shape the earlier site wrote: the fields, then docId and postDateTime.
      return [
        {
          kind: 'firestore',
          payload: {
            collection: definition.collection,
            docId: s.id,
            document: { ...s.data, docId: s.id, postDateTime: s.createdAt.toISOString() },
          },
        },
      ];
    case 'webhook': {
      const urlEnv = forwardVariable(target, s);
      if (!urlEnv) return [];
      return [
        {
          kind: 'webhook',
          payload: {
            urlEnv,
            body: {
              id: s.id,
              form: definition.id,
              collection: definition.collection,
              createdAt: s.createdAt.toISOString(),
              data: s.data,
            },
            success: target.success ?? 'ok',
          },
        },
      ];
    }
  }
}
