import { DATA_REQUEST_PATH } from '../../shared/data-request-path';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataRequestForm, DataRequestLinkQuery, DataRequestQueue } from '../../shared/api/data-requests';
import { ADMIN_ROLES } from '../../shared/roles';
import { CSV_BOM, csvLine } from '../../shared/csv';
import { escapeHtml } from '../../shared/escape-html';
import { perMinute } from '../http/rate-limits';
import { hashToken, newLinkToken } from '../http/link-tokens';
import { landingPageHtml, type LandingPage } from '../site/landing-page';
import { siteRouteSchema } from '../site/site-route-schema';
import {
  completeAccess,
  completeErasure,
  confirmDataRequest,
  createDataRequest,
  dataRequestQueue,
  exportEmail,
  pendingRequest,
  recordsOf,
} from './store';

/** A confirmation link works this long; an export can be downloaded this long after confirming. */
const LINK_HOURS = 24;
/** The answer is due within this many days of the request. */
const DUE_DAYS = 30;
/** Requests one address may send a minute: each sends a mail. */
const REQUESTS_PER_MINUTE = 5;

const hours = (n: number) => new Date(Date.now() + n * 3600_000);
const asked = { access: 'see the personal data', erasure: 'erase the personal data' } as const;

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
 * Data principal requests (DPDP Act 2023): a person asks on /your-data to see or erase what the site holds about their
 * email address; a link mailed to that address confirms it. The page answers the same whether or not anything is
 * held, and the mail goes either way, so neither tells a stranger who has applied. Admins see the queue.
 */
export const dataRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { site } = app.formCatalog;
  const brand = site.brand.name;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const page = (reply: FastifyReply, content: LandingPage, status = 200) =>
    reply.code(status).type('text/html; charset=utf-8').send(landingPageHtml(site, content));
  const linkOptions = { config: { rateLimit: perMinute(30, 'links') }, schema: { hide: true, querystring: DataRequestLinkQuery } };

  const requestForm: LandingPage = {
    title: 'See or erase your data',
    paragraphs: [
      `Under the Digital Personal Data Protection Act 2023 you may ask ${brand} what it holds about you, or ask for it to be erased: every form you sent, job application, uploaded resume and newsletter subscription under your email address.`,
      `We mail a link to that address; the request goes ahead only when you open it, so nobody else can ask for your data. An erasure cannot be undone. To correct your data, or for records under a phone number only, write to our Grievance Officer named in the Privacy Policy.`,
    ],
    fieldsHtml:
      '<fieldset style="border:0;padding:0;margin:0 0 1em"><legend>I want to</legend>' +
      '<p><label><input type="radio" name="kind" value="access" checked> see my data (a file to download)</label></p>' +
      '<p><label><input type="radio" name="kind" value="erasure"> erase my data</label></p></fieldset>' +
      '<p><label for="email">My email address</label><br><input id="email" name="email" type="email" required maxlength="254" autocomplete="email" style="font:inherit;padding:.4em;width:100%;max-width:24rem"></p>',
    button: 'Send me the link',
  };
  app.get(DATA_REQUEST_PATH, { schema: siteRouteSchema }, async (_request, reply) => page(reply, requestForm));

  app.post(
    DATA_REQUEST_PATH,
    { config: { rateLimit: perMinute(REQUESTS_PER_MINUTE, 'requests') }, bodyLimit: 2048, schema: { hide: true, body: DataRequestForm } },
    async (request, reply) => {
      const { kind, email } = request.body;
      const { token, hash } = newLinkToken();
      const link = `${app.config.publicUrl}${DATA_REQUEST_PATH}/confirm?token=${token}`;
      const text = `Someone (we hope you) asked ${brand} to ${asked[kind]} it holds about this email address. To go ahead, open this link within ${LINK_HOURS} hours: ${link}\n\nIf it was not you, ignore this mail: nothing happens.`;
      await createDataRequest(app.db, {
        kind,
        email,
        tokenHash: hash,
        expiresAt: hours(LINK_HOURS),
        dueAt: hours(DUE_DAYS * 24),
        mail: {
          to: [email],
          subject:
            kind === 'access' ? `Confirm your request to see your data at ${brand}` : `Confirm your request to erase your data at ${brand}`,
          text,
          html: `${text
            .split('\n\n')
            .map((p) => `<p>${escapeHtml(p)}</p>`)
            .join('')}<p><a href="${escapeHtml(link)}">Confirm my request</a></p>`,
          replyTo: site.email,
        },
      });
      // The same words whether or not anything is held about the address.
      return page(reply, {
        title: 'Check your inbox',
        paragraphs: [
          `We have sent a link to ${email}. Open it within ${LINK_HOURS} hours to confirm your request; until then nothing happens.`,
          `We answer every confirmed request within ${DUE_DAYS} days, most at once.`,
        ],
      });
    },
  );

  const expired: LandingPage = {
    title: 'This link does not work',
    paragraphs: [`A link works once, for ${LINK_HOURS} hours. Nothing has been done.`, 'To ask again, go to the page where you asked.'],
    links: [{ href: DATA_REQUEST_PATH, label: 'Ask again' }],
  };
  app.get(`${DATA_REQUEST_PATH}/confirm`, linkOptions, async (request, reply) => {
    const pending = await pendingRequest(app.db, hashToken(request.query.token ?? ''));
    if (!pending) return page(reply, expired, 404);
    return page(reply, {
      title: pending.kind === 'access' ? 'See your data' : 'Erase your data',
      paragraphs: [
        pending.kind === 'access'
          ? `Press the button to see everything ${brand} holds about ${pending.email}, as a file to download.`
          : `Press the button to erase everything ${brand} holds about ${pending.email}: forms you sent, job applications, uploaded files and newsletter subscriptions. This cannot be undone.`,
      ],
      button: pending.kind === 'access' ? 'Show my data' : 'Erase my data',
    });
  });

  app.post(`${DATA_REQUEST_PATH}/confirm`, linkOptions, async (request, reply) => {
    const confirmed = await confirmDataRequest(app.db, hashToken(request.query.token ?? ''));
    if (!confirmed) return page(reply, expired, 404);
    if (confirmed.kind === 'erasure') {
      const outcome = await completeErasure(app.db, app.config.dataDir, confirmed);
      return page(reply, {
        title: 'Your data is erased',
        paragraphs: [
          `${brand} no longer holds the forms, job applications and files sent under ${confirmed.email}: ${outcome.submissions} form records and ${outcome.jobApplications} job applications were erased, with any mail about them.`,
          'We keep only a note that a request was answered and when, without your address.',
        ],
      });
    }
    const records = await recordsOf(app.db, confirmed.email);
    const download = newLinkToken();
    await completeAccess(app.db, confirmed.id, download.hash, hours(LINK_HOURS), records.counts);
    const href = (format: string) => `${DATA_REQUEST_PATH}/export?token=${download.token}&format=${format}`;
    return page(reply, {
      title: 'Your data',
      paragraphs: [
        `${brand} holds ${records.counts.submissions} form records, ${records.counts.newsletter} newsletter subscriptions, ${records.counts.jobApplications} job applications and ${records.counts.uploads} uploaded files under ${confirmed.email}.`,
        `Download them as JSON or CSV within ${LINK_HOURS} hours, from this page only.`,
      ],
      links: [
        { href: href('json'), label: 'Download as JSON' },
        { href: href('csv'), label: 'Download as CSV' },
      ],
    });
  });

  app.get(`${DATA_REQUEST_PATH}/export`, linkOptions, async (request, reply) => {
    const email = await exportEmail(app.db, hashToken(request.query.token ?? ''));
    if (!email) return page(reply, expired, 404);
    const records = await recordsOf(app.db, email);
    const csv = request.query.format === 'csv';
    reply.header('content-disposition', `attachment; filename="${site.brand.slug}-your-data.${csv ? 'csv' : 'json'}"`);
    reply.header('cache-control', 'no-store');
    if (csv) return reply.type('text/csv; charset=utf-8').send(exportCsv(records));
    const { submissions, jobApplications, uploads } = records;
    return reply.type('application/json; charset=utf-8').send(JSON.stringify({ email, submissions, jobApplications, uploads }, null, 2));
  });

  app.get('/api/admin/data-requests', { config: { access: ADMIN_ROLES }, schema: { response: { 200: DataRequestQueue } } }, async () => ({
    items: await dataRequestQueue(app.db),
  }));
};
