import { queryOne, type Queryable } from '../db/database';

export interface NewSubmission {
  formId: string;
  collection: string;
  page: string;
  city: string | null;
  data: Record<string, unknown>;
  /** The consent record (JSON text), or null for a form that shows none. */
  consent: string | null;
  clientIp: string | null;
  createdAt: Date;
}

export async function insertSubmission(tx: Queryable, s: NewSubmission): Promise<{ id: string; createdAt: Date }> {
  const row = await queryOne<{ id: string; created_at: Date }>(
    tx,
    `insert into submissions (form_id, collection, page, city, data, consent, client_ip, created_at)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8) returning id, created_at`,
    [s.formId, s.collection, s.page, s.city, JSON.stringify(s.data), s.consent, s.clientIp, s.createdAt],
  );
  return { id: row.id, createdAt: new Date(row.created_at) };
}

/** Gives an unclaimed upload of the expected kind to a submission; false when there is none by that id. */
export async function claimUpload(tx: Queryable, submissionId: string, uploadId: unknown, kind: string): Promise<boolean> {
  const claimed = await tx.query(
    'update uploads set submission_id = $1 where id::text = $2 and submission_id is null and kind = $3 returning id',
    [submissionId, uploadId, kind],
  );
  return claimed.length > 0;
}
