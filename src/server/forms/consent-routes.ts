import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ConsentLinkQuery } from '../../shared/api/consent';
import { formatDateTime } from '../../shared/india-time';
import { perMinute } from '../http/rate-limits';
import { CONFIRM_LINK_DAYS, CONFIRM_PATH, WITHDRAW_PATH } from './consent-links';
import { hashToken } from '../http/link-tokens';
import { confirmationState, confirmSubscription, withdrawConsent, type ConfirmOutcome, type Withdrawal } from './consent-store';
import { landingPageHtml, type LandingPage } from '../site/landing-page';

/** A person follows a few links; more than this a minute from one address is someone guessing tokens. */
const LINKS_PER_MINUTE = 30;

/**
 * Where the links mailed to visitors land: the newsletter's confirmation (double opt-in) and the one-click
 * unsubscribe / consent withdrawal of every acknowledgement. Site addresses rather than /api ones: a person opens
 * them, and mail providers POST the unsubscribe (RFC 8058) as a form from their own servers.
 */
export const consentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const site = app.siteConfig;
  const brand = site.brand.name;
  // The confirmation button and RFC 8058's "List-Unsubscribe=One-Click" are form posts; the token is in the address.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
  const options = {
    config: { rateLimit: perMinute(LINKS_PER_MINUTE, 'links') },
    schema: { hide: true, querystring: ConsentLinkQuery },
  };
  const hashOf = (token: string | undefined) => (token ? hashToken(token) : '');

  const confirmPages: Record<ConfirmOutcome | 'pending', LandingPage> = {
    pending: {
      title: 'Confirm your subscription',
      paragraphs: [`Press the button to receive ${brand}'s newsletter of jobs, walk-in drives and events. Until you do, nothing is sent.`],
      button: 'Confirm my subscription',
    },
    confirmed: {
      title: 'Your subscription is confirmed',
      paragraphs: [
        `${brand} will send its newsletter of jobs, walk-in drives and events to your address.`,
        'Every newsletter has an Unsubscribe link: one click stops them.',
      ],
    },
    'already-confirmed': {
      title: 'Your subscription is already confirmed',
      paragraphs: ['Nothing has changed: you confirmed this subscription before. Every newsletter has an Unsubscribe link.'],
    },
    withdrawn: {
      title: 'This subscription was cancelled',
      paragraphs: [
        'You unsubscribed this address, so no newsletter is sent to it and this link does nothing.',
        'To subscribe again, enter your address in the newsletter box on our site.',
      ],
    },
    invalid: {
      title: 'This confirmation link does not work',
      paragraphs: [
        `A confirmation link works once, for ${CONFIRM_LINK_DAYS} days. Nothing has been subscribed.`,
        'To subscribe, enter your address in the newsletter box on our site again.',
      ],
    },
  };
  const page = (reply: FastifyReply, content: LandingPage, status = 200) =>
    reply.code(status).type('text/html; charset=utf-8').send(landingPageHtml(site, content));

  app.get(CONFIRM_PATH, options, async (request, reply) => {
    const state = await confirmationState(app.db, hashOf(request.query.token));
    return page(reply, confirmPages[state], state === 'invalid' ? 404 : 200);
  });
  app.post(CONFIRM_PATH, options, async (request, reply) => {
    const outcome = await confirmSubscription(app.db, hashOf(request.query.token));
    return page(reply, confirmPages[outcome], outcome === 'invalid' ? 404 : 200);
  });

  function withdrawnPage(withdrawal: Withdrawal | null): LandingPage {
    if (!withdrawal)
      return {
        title: 'This link does not work',
        paragraphs: [
          'It may be incomplete: copy the whole link from the mail. Nothing has changed.',
          `If you keep getting mail you did not ask for, write to ${site.email}.`,
        ],
      };
    const when = `Recorded on ${formatDateTime(withdrawal.withdrawnAt)} (India time).`;
    if (withdrawal.formId === 'newsletter')
      return { title: 'You are unsubscribed', paragraphs: [`${brand} will send no more newsletters to this address.`, when] };
    return {
      title: 'Your consent is withdrawn',
      paragraphs: [
        `${brand} will not contact you again about the details you sent with this form, and will no longer use them for it.`,
        when,
      ],
    };
  }
  // One click: opening the link withdraws, as does the POST a mail client sends for its Unsubscribe button.
  for (const method of ['get', 'post'] as const) {
    app[method](WITHDRAW_PATH, options, async (request, reply) => {
      const withdrawal = await withdrawConsent(app.db, hashOf(request.query.token));
      return page(reply, withdrawnPage(withdrawal), withdrawal ? 200 : 404);
    });
  }
};
