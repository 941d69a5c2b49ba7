import fp from 'fastify-plugin';
import { DATA_REQUEST_PATH } from '../../shared/data-request-path';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CorrectionAnswer, DataRequestForm, DataRequestLinkQuery, DataRequestQueue } from '../../shared/api/data-requests';
import { Created, IdParams } from '../../shared/api/common';
import { formatDate } from '../../shared/india-time';
import { ADMIN_ROLES } from '../../shared/roles';
import { CSV_BOM, csvLine } from '../../shared/csv';
import { escapeHtml } from '../../shared/escape-html';
import { formatPhone } from '../../shared/phone';
import { perMinute } from '../http/rate-limits';
import { hashToken, newLinkToken } from '../http/link-tokens';
import { landingPageHtml, type LandingPage } from '../site/landing-page';
import { FormSubmission } from '../../shared/api/forms';
import type { OutboxRow } from '../outbox/outbox-row';
import { FieldErrors, sendError } from '../http/error-reply';
import { checkFormData, Rejected } from '../forms/form-checks';
import {
  answerCorrection,
  completeAccess,
  completeErasure,
  confirmDataRequest,
  createDataRequest,
  dataRequestQueue,
  exportPerson,
  pendingRequest,
  recordsOf,
  type PendingRequest,
  type Who,
} from './store';

/** A confirmation link works this long; an export can be downloaded this long after confirming. */
const LINK_HOURS = 24;
/** The answer is due within this many days of the request. */
const DUE_DAYS = 30;
/** pages/forms/data-request.json: what /your-data asks, with its messages and captcha. */
const DATA_REQUEST_FORM = 'data-request';
/** Requests one address may send a minute: each sends a mail. */
const REQUESTS_PER_MINUTE = 5;

const hours = (n: number) => new Date(Date.now() + n * 3600_000);
const asked = { access: 'see the personal data', erasure: 'erase the personal data', correction: 'correct the personal data' } as const;
const confirmSubject = { access: 'see your data', erasure: 'erase your data', correction: 'correct your data' } as const;

/** A plain mail: its paragraphs, and a link as a button when it has one. */
function plainMail(to: string, subject: string, paragraphs: string[], link?: { href: string; label: string }, replyTo?: string) {
  const text = paragraphs.join('\n\n') + (link ? `\n\n${link.label}: ${link.href}` : '');
  const html =
    paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`).join('') +
    (link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '');
  return { to: [to], subject, text, html, ...(replyTo ? { replyTo } : {}) };
}

/** The SMS gateway's address: an SMS is a forward of { to, text } to it, waiting in the outbox until it is set. */
const SMS_GATEWAY_ENV = 'SMS_GATEWAY_URL';

interface Message {
  brand: string;
  subject: string;
  paragraphs: string[];
  link?: { href: string; label: string };
  replyTo?: string;
}

/** A message to the person a request is about: a mail to an address, or an SMS (brand first, no subject) to a number. */
function messageTo(person: Who, { brand, subject, paragraphs, link, replyTo }: Message): OutboxRow {
  if (!person.byPhone) return { kind: 'ack', payload: plainMail(person.who, subject, paragraphs, link, replyTo) };
  const text = [`${brand}:`, ...paragraphs, ...(link ? [link.href] : [])].join(' ');
  return { kind: 'sms', payload: { urlEnv: SMS_GATEWAY_ENV, body: { to: person.who, text }, success: 'ok' } };
}

/** A person as the form gave them: an address has an @, anything else the form accepted is a mobile number (in E.164). */
const personOf = (contact: string): Who => ({ who: contact.trim(), byPhone: !contact.includes('@') });

/** A person as the pages and messages name them: the address, or the number as people read it (+91 98765 43210). */
const shown = (person: Who) => (person.byPhone ? formatPhone(person.who) : person.who);

/** Records as rows of one CSV: category, record id, when, field, value (one field a row, whatever the form). */
function exportCsv(records: Awaited<ReturnType<typeof recordsOf>>) {
  const lines = [csvLine(['category', 'id', 'created_at', 'field', 'value'])];
  for (const [category, rows] of [
    ['submission', records.submissions],
    ['job application', records.jobApplications],
    ['upload', records.uploads],
  ] as const) {
    for (const row of rows) {
      const { id, created_at: createdAt, data, ...rest } = row as Record<string, unknown>;
      const fields = { ...rest, ...(data && typeof data === 'object' ? (data as Record<string, unknown>) : {}) };
      for (const [field, value] of Object.entries(fields)) if (value != null) lines.push(csvLine([category, id, createdAt, field, value]));
    }
  }
  return CSV_BOM + lines.join('');
}

/**
 * Data principal requests (DPDP Act 2023): a person asks on /your-data to see, correct or erase what the site holds
 * about their email address or mobile number; a link sent there (by mail, or by SMS) confirms it. The answer is the same whether or not
 * anything is held, and the mail goes either way, so neither tells a stranger who has applied. The link's pages are
 * plain landing pages; their buttons post back here. Admins see the queue and answer corrections.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const site = app.siteConfig;
  const brand = site.brand.name;
  // The landing pages' buttons are plain HTML forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const page = (reply: FastifyReply, content: LandingPage, status = 200) =>
    reply.code(status).type('text/html; charset=utf-8').send(landingPageHtml(site, content));
  const linkOptions = { config: { rateLimit: perMinute(30, 'links') }, schema: { hide: true, querystring: DataRequestLinkQuery } };

  const form = app.formCatalog.forms.get(DATA_REQUEST_FORM);
  if (!form) throw new Error(`pages/forms has no ${DATA_REQUEST_FORM} form`);

  // Asked on the page /your-data (pages/your-data.json), checked by the form's own schema and captcha as the browser
  // checked it. The answer is the same whether or not anything is held about the address.
  app.post(
    '/api/data-requests',
    {
      config: { access: 'public', rateLimit: perMinute(REQUESTS_PER_MINUTE, 'requests') },
      bodyLimit: 8 * 1024,
      schema: { body: FormSubmission, response: { 201: Created } },
    },
    async (request, reply) => {
      const { data, errors, check } = await checkFormData(form, request.body.data, {
        captcha: app.captcha,
        token: request.body.captcha,
        clientIp: request.ip,
      });
      if (errors.length) throw new FieldErrors(400, errors);
      const { kind, contact, details } = data as unknown as DataRequestForm;
      const person = personOf(contact);
      const { token, hash } = newLinkToken();
      const link = `${app.config.publicUrl}${DATA_REQUEST_PATH}/confirm?token=${token}`;
      try {
        const id = await createDataRequest(app.db, {
          kind,
          ...person,
          details: details?.trim(),
          captcha: check,
          tokenHash: hash,
          expiresAt: hours(LINK_HOURS),
          dueAt: hours(DUE_DAYS * 24),
          message: messageTo(person, {
            brand,
            subject: `Confirm your request to ${confirmSubject[kind]} at ${brand}`,
            paragraphs: [
              `Someone (we hope you) asked ${brand} to ${asked[kind]} it holds about this ${person.byPhone ? 'mobile number' : 'email address'}. To go ahead, open this link within ${LINK_HOURS} hours.`,
              'If it was not you, ignore this message: nothing happens.',
            ],
            link: { href: link, label: 'Confirm my request' },
            replyTo: site.email,
          }),
        });
        return reply.code(201).send({ id });
      } catch (error) {
        if (error instanceof Rejected) throw new FieldErrors(400, error.errors);
        throw error;
      }
    },
  );

  const expired: LandingPage = {
    title: 'This link does not work',
    paragraphs: [`A link works once, for ${LINK_HOURS} hours. Nothing has been done.`, 'To ask again, go to the page where you asked.'],
    links: [{ href: DATA_REQUEST_PATH, label: 'Ask again' }],
  };
  const confirmText = (pending: PendingRequest) =>
    pending.kind === 'access'
      ? `Press the button to see everything ${brand} holds about ${shown(pending)}, as a file to download.`
      : pending.kind === 'erasure'
        ? `Press the button to erase everything ${brand} holds about ${shown(pending)}: forms you sent, job applications, uploaded files and newsletter subscriptions. This cannot be undone.`
        : `Press the button to send us your correction to what ${brand} holds about ${shown(pending)}: “${pending.details ?? ''}”`;
  const confirmButton = { access: 'Show my data', erasure: 'Erase my data', correction: 'Send my correction' } as const;
  app.get(`${DATA_REQUEST_PATH}/confirm`, linkOptions, async (request, reply) => {
    const pending = await pendingRequest(app.db, hashToken(request.query.token ?? ''));
    if (!pending) return page(reply, expired, 404);
    return page(reply, {
      title: { access: 'See your data', erasure: 'Erase your data', correction: 'Correct your data' }[pending.kind],
      paragraphs: [confirmText(pending)],
      button: confirmButton[pending.kind],
    });
  });

  /** Tells the grievance officer a confirmed correction waits in the portal; a reply goes to the person. */
  const correctionNotice = (request: PendingRequest) => ({
    ...plainMail(
      site.privacy.grievanceOfficer.email,
      `A data correction request is waiting: answer by ${formatDate(request.due_at)}`,
      [
        `${shown(request)} asks for their data to be corrected:`,
        request.details ?? '',
        'Make the change, then answer the request in the portal.',
      ],
      { href: `${app.config.publicUrl}/admin/data-requests`, label: 'Open the data requests' },
      request.byPhone ? undefined : request.who,
    ),
    about: request.who,
  });

  app.post(`${DATA_REQUEST_PATH}/confirm`, linkOptions, async (request, reply) => {
    const confirmed = await confirmDataRequest(app.db, hashToken(request.query.token ?? ''), correctionNotice);
    if (!confirmed) return page(reply, expired, 404);
    if (confirmed.kind === 'correction') {
      return page(reply, {
        title: 'Your correction is with us',
        paragraphs: [`We will make the change and tell you at ${shown(confirmed)} within ${DUE_DAYS} days, or tell you why we could not.`],
      });
    }
    if (confirmed.kind === 'erasure') {
      const outcome = await completeErasure(app.db, app.config.dataDir, confirmed);
      return page(reply, {
        title: 'Your data is erased',
        paragraphs: [
          `${brand} no longer holds the forms, job applications and files sent under ${shown(confirmed)}: ${outcome.submissions} form records and ${outcome.jobApplications} job applications were erased, with any mail about them.`,
          'We keep only a note that a request was answered and when, without your address or number.',
        ],
      });
    }
    const records = await recordsOf(app.db, confirmed);
    const download = newLinkToken();
    await completeAccess(app.db, confirmed.id, download.hash, hours(LINK_HOURS), records.counts);
    const href = (format: string) => `${DATA_REQUEST_PATH}/export?token=${download.token}&format=${format}`;
    return page(reply, {
      title: 'Your data',
      paragraphs: [
        `${brand} holds ${records.counts.submissions} form records, ${records.counts.newsletter} newsletter subscriptions, ${records.counts.jobApplications} job applications and ${records.counts.uploads} uploaded files under ${shown(confirmed)}.`,
        `Download them as JSON or CSV within ${LINK_HOURS} hours, from this page only.`,
      ],
      links: [
        { href: href('json'), label: 'Download as JSON' },
        { href: href('csv'), label: 'Download as CSV' },
      ],
    });
  });

  app.get(`${DATA_REQUEST_PATH}/export`, linkOptions, async (request, reply) => {
    const person = await exportPerson(app.db, hashToken(request.query.token ?? ''));
    if (!person) return page(reply, expired, 404);
    const records = await recordsOf(app.db, person);
    const csv = request.query.format === 'csv';
    reply.header('content-disposition', `attachment; filename="${site.brand.slug}-your-data.${csv ? 'csv' : 'json'}"`);
    reply.header('cache-control', 'no-store');
    if (csv) return reply.type('text/csv; charset=utf-8').send(exportCsv(records));
    const { submissions, jobApplications, uploads } = records;
    return reply
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ [person.byPhone ? 'phone' : 'email']: person.who, submissions, jobApplications, uploads }, null, 2));
  });

  app.get('/api/admin/data-requests', { config: { access: ADMIN_ROLES }, schema: { response: { 200: DataRequestQueue } } }, async () => ({
    items: await dataRequestQueue(app.db),
  }));

  app.post(
    '/api/admin/data-requests/:id/answer',
    { config: { access: ADMIN_ROLES }, schema: { params: IdParams, body: CorrectionAnswer } },
    async (request, reply) => {
      const { outcome, message } = request.body;
      const answered = await answerCorrection(app.db, request.params.id, outcome, (asked) =>
        messageTo(asked, {
          brand,
          subject: outcome === 'corrected' ? `Your data at ${brand} is corrected` : `About your request to correct your data at ${brand}`,
          paragraphs: [`You asked ${brand} to correct your data:`, asked.details ?? '', message.trim()],
          replyTo: site.privacy.grievanceOfficer.email,
        }),
      );
      if (!answered) return sendError(reply, 409, 'This request has been answered already, or is not a confirmed correction.');
      return reply.code(204).send();
    },
  );
};

export const dataRequestRoutes = fp(routes, {
  name: 'data-requests',
  dependencies: ['database', 'captcha', 'forms', 'site-config'],
  encapsulate: true,
});
