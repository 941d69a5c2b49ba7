import { randomUUID } from 'node:crypto';
import type { Captcha } from '../captcha/captcha';
import { formUseOn, upcomingEventsOn, type FormCatalog, type PageForms } from './form-catalog';
import { upcomingEventListOf } from '../../shared/form-uses';
import { outboxRowsFor } from './outbox-messages';
import type { FieldError } from '../../shared/api/error-body';
import { CAPTCHA_MESSAGE } from '../../shared/constants';
import type { SiteConfig } from '../../shared/generated/site-config';
import { checkFormData, consentRecord } from './form-checks';
import type { StoreSubmission } from './store';
import { newConsentLinks } from './consent-links';
import type { PageFormsLookup } from '../page-source/plugin';
import type { LeadRouting } from '../../shared/generated/lead-routing';
import { routeLead, visitorTypeOf } from '../lead-routing/route-lead';
import { dueTimes } from '../lead-clock/due-times';
import type { Attribution } from '../../shared/api/forms';
import { arrivalSource } from './lead-source';
import { personKeysOf } from '../people/person-keys';
import { DEFAULT_LOCALE, splitLocale } from '../../shared/locales';

export interface SubmissionInput {
  formId: string;
  page: string;
  data: Record<string, unknown>;
  captcha?: string;
  /** Where the visitor came from, as checked (checkedAttribution); null when the browser sent none or a bad one. */
  attribution?: Attribution | null;
  clientIp?: string;
  /** PUBLIC_URL: where the links mailed to the visitor lead. */
  publicUrl: string;
}

/** What taking a submission needs of the server: where it is stored, the forms and pages, the site, captcha and routing. */
export interface FormServices {
  storeSubmission: StoreSubmission;
  catalog: FormCatalog;
  pages: PageFormsLookup;
  site: SiteConfig;
  captcha: Captcha;
  routing: LeadRouting;
}

/** The city an answer such as a job's location names: "Surat, Gujarat" is Surat. */
function cityNamedBy(answer: unknown): string | null {
  if (typeof answer !== 'string') return null;
  const [first = ''] = answer.split(',');
  return first.trim().replace(/\s+/g, ' ').slice(0, 80) || null;
}

export type SubmissionResult =
  { kind: 'stored'; id: string; reference: string } | { kind: 'unknown-form' } | { kind: 'invalid'; errors: FieldError[] };

/** Fields the form renders with the file-upload widget hold the id of an upload to claim. */
function uploadFields(ui: Record<string, unknown>): { field: string; kind: string }[] {
  return Object.entries(ui).flatMap(([field, options]) => {
    const o = options as { 'ui:widget'?: string; 'ui:options'?: { uploadKind?: string } } | undefined;
    return o?.['ui:widget'] === 'file-upload' ? [{ field, kind: o['ui:options']?.uploadKind ?? 'resume' }] : [];
  });
}

/**
 * Takes a submission as the page's config allows it (the page as `pages` finds it: app.pageSource.page on the
 * server): the page's fixed values replace whatever the client sent, the form's schema and messages decide what is
 * valid, the captcha is spent, and the record with its uploads, outbox rows and assignee is stored atomically.
 */
export async function submitForm(services: FormServices, input: SubmissionInput): Promise<SubmissionResult> {
  const { storeSubmission, catalog, pages, site, captcha, routing } = services;
  // Staff read the form in English; the visitor is answered in the language of the page they sent it from.
  const english = catalog.forms.get(input.formId);
  const { locale } = splitLocale(input.page);
  const form = catalog.formIn(input.formId, locale);
  // A form with its own endpoint asks for something other than a lead (a data request): never stored as one.
  if (!english || !form || english.definition.endpoint) return { kind: 'unknown-form' };
  const { definition } = english;
  const page = await pages(input.page);
  const use = formUseOn(page, input.formId);
  if (!use) return { kind: 'invalid', errors: [{ field: '', message: 'This form is not available on that page.' }] };

  const {
    data,
    errors: fieldErrors,
    check,
  } = await checkFormData(form, input.data, {
    fixed: use.fixed,
    choices: use.choices,
    captcha,
    token: input.captcha,
    clientIp: input.clientIp,
  });

  if (input.formId === 'event-registration' && typeof data.event === 'string') {
    if (!page || !upcomingEventsOn(page).includes(data.event))
      fieldErrors.push({ field: 'event', message: 'Registration for this event is closed.' });
  }
  if (fieldErrors.length) return { kind: 'invalid', errors: fieldErrors };
  // The visitor's mail names the event as their page did; staff read and count it by its English name.
  const visitorData = data;
  const registersInAnotherLanguage = input.formId === 'event-registration' && page && locale !== DEFAULT_LOCALE;
  const stored = registersInAnotherLanguage ? withEnglishEvent(data, page, await pages(splitLocale(input.page).route)) : data;

  const uploads = uploadFields(definition.ui).flatMap(({ field, kind }) =>
    typeof data[field] === 'string' ? [{ field, kind, id: data[field] as string }] : [],
  );
  const id = randomUUID();
  const createdAt = new Date();
  // The page's fixed values and an event it lists are the site's words, quoted as they are.
  const trusted = [...Object.keys(use.fixed ?? {}), ...(input.formId === 'event-registration' ? ['event'] : [])];
  const { tokens, links } = newConsentLinks(definition, input.publicUrl, createdAt);
  const city = typeof data.city === 'string' ? data.city : (page?.city ?? cityNamedBy(data[definition.cityField ?? '']));
  const route = routeLead(routing, {
    formId: definition.id,
    collection: definition.collection,
    city,
    page: input.page,
    visitorType: visitorTypeOf(definition, data),
  });
  // A lead no one is to call (the newsletter's) is promised no reply.
  const due = route.nobodyRule
    ? null
    : dueTimes(routing.responseClock, { site: site.replyHours, form: definition.responseHours }, createdAt);
  const outcome = await storeSubmission({
    id,
    formId: definition.id,
    collection: definition.collection,
    page: input.page,
    city,
    route,
    due,
    data: stored,
    person: personKeysOf(stored),
    repeatDays: routing.repeatDays ?? 0,
    attribution: input.attribution ?? null,
    source: arrivalSource(input.attribution ?? null),
    locale,
    consent: consentRecord(form.definition.consent, locale, input.page, createdAt),
    clientIp: input.clientIp ?? null,
    createdAt,
    captcha: check.ok && check.spendKey ? { spendKey: check.spendKey, expiresAt: check.expiresAt ?? null } : null,
    uploads,
    consentTokens: tokens,
    outbox: outboxRowsFor(
      definition,
      site,
      { id, createdAt, data: stored, hasUpload: uploads.length > 0, trusted, links },
      { definition: form.definition, locale, data: visitorData },
    ),
  });
  if (outcome.kind === 'captcha-spent') return { kind: 'invalid', errors: [{ field: 'captcha', message: CAPTCHA_MESSAGE }] };
  if (outcome.kind === 'missing-upload')
    return { kind: 'invalid', errors: [{ field: outcome.field, message: 'Please upload the file again.' }] };
  return { kind: 'stored', id, reference: outcome.reference };
}

/**
 * A registration from a page in another language, its event named by the English page's name for the same event: the
 * one at the same place in the same list, on the same date. Where the two pages list other events (one published
 * since the other), the name stays as the visitor's page gave it.
 */
function withEnglishEvent(data: Record<string, unknown>, page: PageForms, english: PageForms | undefined) {
  const mine = upcomingEventListOf({ blocks: page.eventBlocks });
  const theirs = english ? upcomingEventListOf({ blocks: english.eventBlocks }) : [];
  const at = mine.findIndex((event) => event.title === data.event);
  const same = at >= 0 && mine.length === theirs.length && mine.every((event, i) => event.date === theirs[i]?.date);
  return same && theirs[at] ? { ...data, event: theirs[at].title } : data;
}
