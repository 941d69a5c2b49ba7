import { queryOne, type Queryable } from '../db/database';
import type { OutboxRow } from './outbox-messages';
import type { ConsentToken } from './consent-links';

export interface NewSubmission {
  /** Chosen by the server before storing, so the outbox rows that quote it are stored in the same statement. */
  id: string;
  formId: string;
  collection: string;
  page: string;
  city: string | null;
  data: Record<string, unknown>;
  /** The consent record (JSON text), or null for a form that shows none. */
  consent: string | null;
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

export type StoreOutcome = { kind: 'stored' } | { kind: 'captcha-spent' } | { kind: 'missing-upload'; field: string };

/**
 * Stores a submission with its uploads and outbox rows in one statement, atomic on its own: one round trip to the
 * database instead of a transaction's several. Nothing is written (the captcha is not spent either) unless every
 * upload is there to claim, locked here so a concurrent submission cannot take it too, and the captcha was not spent.
 */
export async function storeSubmission(db: Queryable, s: NewSubmission): Promise<StoreOutcome> {
  const row = await queryOne<{ stored: boolean; spent_before: boolean; claimable: string[] }>(
    db,
    `with claimable as (
       select u.id from uploads u join unnest($10::text[], $11::text[]) c (id, kind) on u.id::text = c.id and u.kind = c.kind
        where cardinality($10::text[]) > 0 and u.submission_id is null for update of u),
     complete as (select (select count(*) from claimable) = cardinality($10::text[]) as ok),
     spent as (
       insert into captcha_spent (signature, expires_at) select $12::text, $13::timestamptz from complete
        where $12::text is not null and complete.ok
       on conflict do nothing returning 1),
     lead as (
       insert into submissions (id, form_id, collection, page, city, data, consent, client_ip, created_at)
       select $1::uuid, $2::text, $3::text, $4::text, $5::text, $6::jsonb, $7::jsonb, $8::text, $9::timestamptz from complete
        where complete.ok and ($12::text is null or exists (select from spent))
       returning id),
     claimed as (update uploads u set submission_id = lead.id from lead where u.id in (select id from claimable)),
     queued as (
       insert into outbox (submission_id, kind, payload, next_attempt_at)
       select lead.id, o.item->>'kind', o.item->'payload',
              case when (o.item->>'held')::boolean then 'infinity'::timestamptz else now() end
         from lead, jsonb_array_elements($14::jsonb) with ordinality o (item, i)
        order by o.i),
     tokens as (
       insert into consent_tokens (token_hash, submission_id, purpose, expires_at)
       select t->>'hash', lead.id, t->>'purpose', (t->>'expiresAt')::timestamptz from lead, jsonb_array_elements($15::jsonb) t)
     select exists (select from lead) as stored,
            array(select id::text from claimable) as claimable,
            exists (select from captcha_spent where signature = $12::text) as spent_before`,
    [
      s.id,
      s.formId,
      s.collection,
      s.page,
      s.city,
      JSON.stringify(s.data),
      s.consent,
      s.clientIp,
      s.createdAt,
      s.uploads.map((u) => u.id),
      s.uploads.map((u) => u.kind),
      s.captcha?.spendKey ?? null,
      s.captcha?.expiresAt ?? null,
      JSON.stringify(s.outbox),
      JSON.stringify(s.consentTokens),
    ],
  );
  if (row.stored) return { kind: 'stored' };
  // As a transaction spending the captcha first, then claiming each upload, would have refused it.
  if (row.spent_before || row.claimable.length === s.uploads.length) return { kind: 'captcha-spent' };
  const missing = s.uploads.find((u) => !row.claimable.includes(u.id)) ?? s.uploads[s.uploads.length - 1];
  return { kind: 'missing-upload', field: missing?.field ?? '' };
}
