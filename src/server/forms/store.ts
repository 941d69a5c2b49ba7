import type { Database, Queryable } from '../db/database';
import { dbFaultOf } from '../db/db-errors';
import { createGroupCommit } from '../db/group-commit';
import type { OutboxRow } from '../outbox/outbox-row';
import type { ConsentToken } from './consent-links';
import type { LeadRoute } from '../lead-routing/route-lead';
import { ROUTING_CTES, ROUTING_RECORD } from '../lead-routing/routing-sql';
import { batchPersonKeys, LINK_PEOPLE_CTES } from '../people/link-people-sql';
import { REFERENCE_PLACEHOLDER } from './outbox-messages';
import type { Attribution } from '../../shared/api/forms';
import type { Locale } from '../../shared/locales';

export interface NewSubmission {
  /** Chosen by the server before storing, so the outbox rows that quote it are stored in the same statement. */
  id: string;
  formId: string;
  collection: string;
  page: string;
  city: string | null;
  /** The teams that may take the lead, in the order its routing rules give them. */
  route: LeadRoute;
  /** When it is due a first answer and its assignee reminded; null for a lead promised none. */
  due: { respondBy: Date; remindAt: Date } | null;
  data: Record<string, unknown>;
  /** Who sent it: the phone number (E.164) and e-mail address that find their person (migration 032). */
  person: { phone: string | null; email: string | null };
  /** How many days back a lead of the same person makes this one a repeat for its assignee; 0 for none. */
  repeatDays: number;
  /** Where the visitor came from (first and latest visit), and the source in one word (migration 027). */
  attribution: Attribution | null;
  source: string;
  /** The consent record (JSON text), or null for a form that shows none. */
  consent: string | null;
  /** The language of the page the form was sent from. */
  locale: Locale;
  clientIp: string | null;
  createdAt: Date;
  /** The passed captcha to record as spent, if the check named one. */
  captcha: { spendKey: string; expiresAt: Date | null } | null;
  /** Unclaimed uploads of the given kinds the submission takes, by the field that names each. */
  uploads: { field: string; id: string; kind: string }[];
  outbox: OutboxRow[];
  /** The hashes of the links its acknowledgement carries. */
  consentTokens: ConsentToken[];
}

export type StoreOutcome = { kind: 'stored'; reference: string } | { kind: 'captcha-spent' } | { kind: 'missing-upload'; field: string };

/** Stores one submission, in a statement shared with the others that arrive while one is being written. */
export type StoreSubmission = (s: NewSubmission) => Promise<StoreOutcome>;

type Stored = StoreOutcome | { kind: 'failed'; error: unknown };

/**
 * Submissions are stored by group commit: those that arrive while a batch is being written go in the next, so under
 * load a lead costs a share of one round trip and one commit. (Two batches in flight at once measured no faster on
 * two cores, with a worse p99.) A batch that fails for anything but a lost database is stored again one submission
 * at a time, so one submission's fault never fails another's.
 */
export function createSubmissionStore(db: Database): StoreSubmission {
  const commit = createGroupCommit(async (batch: NewSubmission[]): Promise<Stored[]> => {
    try {
      return await storeSubmissions(db, batch);
    } catch (error) {
      if (batch.length === 1 || dbFaultOf(error)) throw error;
      // One after another, in the order they arrived, as the batch would have settled its claims.
      const alone: Stored[] = [];
      for (const s of batch) {
        try {
          alone.push(...(await storeSubmissions(db, [s])));
        } catch (failure) {
          alone.push({ kind: 'failed', error: failure });
        }
      }
      return alone;
    }
  });
  return async (s) => {
    const outcome = await commit(s);
    if (outcome.kind === 'failed') throw outcome.error;
    return outcome;
  };
}

/** What a submission takes that another in its batch must not: its captcha and its uploads. */
const claims = (s: NewSubmission) => [...(s.captcha ? [`captcha:${s.captcha.spendKey}`] : []), ...s.uploads.map((u) => `upload:${u.id}`)];

/**
 * Stores submissions with their uploads and outbox rows, each atomic on its own: nothing of one is written (its
 * captcha is not spent either) unless every upload it names is there to claim, locked here so a concurrent
 * submission cannot take it too, and its captcha was not spent. A submission that claims a captcha or upload an
 * earlier one of the batch claims goes in a later statement than that one, so it sees that claim as it would have
 * one request later; the statements then share one transaction, so the batch commits whole or not at all.
 */
export async function storeSubmissions(db: Database, batch: NewSubmission[]): Promise<StoreOutcome[]> {
  const rounds: { taken: Set<string>; items: NewSubmission[] }[] = [];
  for (const s of batch) {
    const wanted = claims(s);
    const after = rounds.findLastIndex((r) => wanted.some((claim) => r.taken.has(claim)));
    const round = rounds[after + 1] ?? { taken: new Set<string>(), items: [] };
    if (after + 1 === rounds.length) rounds.push(round);
    for (const claim of wanted) round.taken.add(claim);
    round.items.push(s);
  }
  const storeRounds = async (q: Queryable) => {
    const outcomes = new Map<NewSubmission, StoreOutcome>();
    for (const round of rounds) for (const [s, outcome] of await storeRound(q, round.items)) outcomes.set(s, outcome);
    return outcomes;
  };
  const outcomes = rounds.length === 1 ? await storeRounds(db) : await db.transaction(storeRounds);
  return batch.map((s) => {
    const outcome = outcomes.get(s);
    if (!outcome) throw new Error('storing submissions: a submission had no outcome');
    return outcome;
  });
}

/** One statement for submissions that claim nothing in common. */
async function storeRound(db: Queryable, batch: NewSubmission[]): Promise<[NewSubmission, StoreOutcome][]> {
  const personKeys = batchPersonKeys(batch.map((s) => s.person));
  const records = batch.map((s, i) => ({
    i,
    id: s.id,
    form_id: s.formId,
    collection: s.collection,
    page: s.page,
    city: s.city,
    routes: s.route.choices,
    nobody_rule: s.route.nobodyRule,
    respond_by: s.due?.respondBy ?? null,
    clock_at: s.due?.remindAt ?? null,
    data: s.data,
    consent: s.consent,
    locale: s.locale,
    client_ip: s.clientIp,
    created_at: s.createdAt,
    spend_key: s.captcha?.spendKey ?? null,
    spend_expires: s.captcha?.expiresAt ?? null,
    uploads: s.uploads.map((u) => ({ id: u.id, kind: u.kind })),
    outbox: s.outbox,
    tokens: s.consentTokens,
    attribution: s.attribution,
    source: s.source,
    phone: s.person.phone,
    email: s.person.email,
    ...personKeys[i],
    repeat_days: s.repeatDays,
  }));
  // Locks and unique keys are taken in one order (upload id, captcha key, routing team) so two processes never deadlock.
  // (Two batches naming the same two new people in opposite orders can: the one refused is stored again a lead at a time.)
  const rows = await db.query<{ reference: string | null; spent_before: boolean; claimable: string[] }>(
    `with s as materialized (
       select * from jsonb_to_recordset($1::jsonb) as s (
         i int, id uuid, form_id text, collection text, page text, city text, routes jsonb, nobody_rule text,
         respond_by timestamptz, clock_at timestamptz, data jsonb,
         consent text, locale text, client_ip text, created_at timestamptz, spend_key text, spend_expires timestamptz, uploads jsonb,
         outbox jsonb, tokens jsonb, attribution jsonb, source text, phone text, email text, keys jsonb, shared boolean, repeat_days int)),
     named as (select s.i, u->>'id' as id, u->>'kind' as kind from s, jsonb_array_elements(s.uploads) u),
     claimable as (
       select n.i, u.id from uploads u join named n on u.id::text = n.id and u.kind = n.kind
        where u.submission_id is null order by u.id for update of u),
     complete as (select s.i, (select count(*) from claimable c where c.i = s.i) = jsonb_array_length(s.uploads) as ok from s),
     spent as (
       insert into captcha_spent (signature, expires_at)
       select s.spend_key, s.spend_expires from s join complete using (i)
        where s.spend_key is not null and complete.ok order by s.spend_key
       on conflict do nothing returning signature),
     ok as (
       select s.i from s join complete using (i)
        where complete.ok and (s.spend_key is null or s.spend_key in (select signature from spent))),
     ${LINK_PEOPLE_CTES},
     ${ROUTING_CTES},
     lead as (
       insert into submissions (id, form_id, collection, page, city, data, consent, locale, client_ip, created_at, assigned_to,
                                routing, respond_by, clock_at, attribution, source, person_id, repeat_of)
       select s.id, s.form_id, s.collection, s.page, s.city, s.data, s.consent::jsonb, s.locale, s.client_ip, s.created_at,
              assignee.user_id, ${ROUTING_RECORD}, s.respond_by, s.clock_at, s.attribution, s.source, person.person_id, repeats.id
         from s join ok using (i) left join person using (i) left join assignee using (i) left join repeats using (i)
        order by s.i
       returning id, reference),
     claimed as (
       update uploads u set submission_id = s.id from claimable c join s using (i)
        where u.id = c.id and s.id in (select id from lead)),
     queued as (
       insert into outbox (submission_id, kind, payload, next_attempt_at)
       select s.id, o.item->>'kind', replace((o.item->'payload')::text, $2, lead.reference)::jsonb,
              case when (o.item->>'held')::boolean then 'infinity'::timestamptz else now() end
         from s join lead on lead.id = s.id, jsonb_array_elements(s.outbox) with ordinality o (item, k)
        order by s.i, o.k),
     tokens as (
       insert into consent_tokens (token_hash, submission_id, purpose, expires_at)
       select t->>'hash', s.id, t->>'purpose', (t->>'expiresAt')::timestamptz
         from s join lead on lead.id = s.id, jsonb_array_elements(s.tokens) t)
     select (select lead.reference from lead where lead.id = s.id) as reference,
            array(select c.id::text from claimable c where c.i = s.i) as claimable,
            exists (select from captcha_spent cs where cs.signature = s.spend_key) as spent_before
       from s order by s.i`,
    [JSON.stringify(records), REFERENCE_PLACEHOLDER],
  );
  return batch.map((s, k) => {
    const row = rows[k];
    if (!row) throw new Error(`storing submissions: ${rows.length} rows for ${batch.length}`);
    if (row.reference) return [s, { kind: 'stored', reference: row.reference }];
    // As a transaction spending the captcha first, then claiming each upload, would have refused it.
    if (row.spent_before || row.claimable.length === s.uploads.length) return [s, { kind: 'captcha-spent' }];
    const missing = s.uploads.find((u) => !row.claimable.includes(u.id)) ?? s.uploads[s.uploads.length - 1];
    return [s, { kind: 'missing-upload', field: missing?.field ?? '' }];
  });
}
