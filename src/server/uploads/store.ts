import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { queryOne, type Database, type Queryable } from '../db/database';
import { blobStoreAt, type BlobLocation, type BlobStore } from './blob-store';
import type { UploadKind } from '../../shared/api/uploads';
import type { StagedUpload } from './staging';

/** How much unclaimed upload storage one address and everyone together may hold, and for how long. */
export interface UploadLimits {
  perAddressBytes: number;
  totalBytes: number;
  /** An upload no form, application, complaint, post or team member claims within this is removed. */
  unclaimedMinutes: number;
}

/** Uploads (as `u`) nothing refers to yet: what a visitor can pile up without ever sending a form. */
export const UNCLAIMED = `u.submission_id is null
  and not exists (select 1 from job_applications a where a.resume_upload_id = u.id)
  and not exists (select 1 from complaints c where c.attachment_upload_id = u.id)
  and not exists (select 1 from blog_posts b where b.cover_upload_id = u.id)
  and not exists (select 1 from team_members t where t.avatar_upload_id = u.id)`;

export type QuotaRefusal = { scope: 'address'; retryAfter: number } | { scope: 'global' };

/**
 * Whether `size` more unclaimed bytes from `clientIp` fit both quotas: its unclaimed uploads, and the announced sizes
 * of the resumable uploads it has in flight. Expired uploads awaiting the sweep do not count.
 */
export async function checkUploadQuota(
  db: Queryable,
  clientIp: string,
  size: number,
  limits: UploadLimits,
): Promise<QuotaRefusal | undefined> {
  const usage = await queryOne<{ mine: string; total: string }>(
    db,
    `select coalesce(sum(size_bytes) filter (where client_ip = $1), 0)::bigint as mine, coalesce(sum(size_bytes), 0)::bigint as total
       from (
         select u.size_bytes, u.client_ip from uploads u where u.expires_at > now() and ${UNCLAIMED}
         union all
         select t.size_bytes, t.client_ip from tus_uploads t where t.created_at > now() - make_interval(mins => $2::int)
       ) unclaimed`,
    [clientIp, limits.unclaimedMinutes],
  );
  const mine = Number(usage.mine);
  if (mine + size > limits.perAddressBytes) {
    // The moment enough of this address's uploads expire for this one to fit.
    const [free] = await db.query<{ wait: number }>(
      `select ceil(extract(epoch from expires_at - now()))::int as wait from (
         select u.expires_at, sum(u.size_bytes) over (order by u.expires_at, u.id) as freed
           from uploads u where u.client_ip = $1 and u.expires_at > now() and ${UNCLAIMED}
       ) t where $2::bigint - freed + $3::bigint <= $4::bigint order by expires_at limit 1`,
      [clientIp, mine, size, limits.perAddressBytes],
    );
    return { scope: 'address', retryAfter: Math.max(1, free?.wait ?? limits.unclaimedMinutes * 60) };
  }
  if (Number(usage.total) + size > limits.totalBytes) return { scope: 'global' };
  return undefined;
}

export interface UploadMeta {
  kind: UploadKind;
  originalName: string;
  mediaType: string;
  /** The sender's address, which the per-address quota counts. */
  clientIp: string;
}

export type SaveResult = { saved: true; id: string } | { saved: false; refusal: QuotaRefusal };

/** Every process takes this lock to add an upload, so concurrent uploads cannot together overrun a quota. */
const QUOTA_LOCK = 7262004;

/**
 * Copies the staged file into the store under a random name and records it, unless it would take its sender or the
 * site past the unclaimed-upload quota; returns the upload id the form will hold.
 */
export async function saveUpload(
  db: Database,
  store: BlobStore,
  staged: StagedUpload,
  meta: UploadMeta,
  limits: UploadLimits,
): Promise<SaveResult> {
  // A cheap look first, so a refused sender costs no store write; the check under the lock below is the one that counts.
  const early = await checkUploadQuota(db, meta.clientIp, staged.size, limits);
  if (early) return { saved: false, refusal: early };
  const storedName = randomUUID();
  await store.put(storedName, createReadStream(staged.path));
  try {
    const result = await db.transaction(async (tx): Promise<SaveResult> => {
      await tx.query('select pg_advisory_xact_lock($1)', [QUOTA_LOCK]);
      const refusal = await checkUploadQuota(tx, meta.clientIp, staged.size, limits);
      if (refusal) return { saved: false, refusal };
      const row = await queryOne<{ id: string }>(
        tx,
        `insert into uploads (kind, original_name, media_type, size_bytes, stored_name, stored_in, client_ip, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, now() + $8::double precision * interval '1 minute') returning id`,
        [meta.kind, meta.originalName, meta.mediaType, staged.size, storedName, store.location, meta.clientIp, limits.unclaimedMinutes],
      );
      return { saved: true, id: row.id };
    });
    if (!result.saved) await store.delete(storedName);
    return result;
  } catch (error) {
    await store.delete(storedName);
    throw error;
  }
}

export interface StoredUpload {
  id: string;
  kind: UploadKind;
  originalName: string;
  mediaType: string;
  size: number;
  submissionId: string | null;
  createdAt: Date;
  /** A fresh stream of the file's bytes each call; it emits 'open' once found and 'error' when the bytes are gone. */
  stream(): Readable;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An upload by id, for serving it back (to staff, never from the web root). */
export async function openUpload(db: Queryable, dataDir: string, id: string): Promise<StoredUpload | undefined> {
  if (!uuidPattern.test(id)) return undefined;
  const [row] = await db.query<{
    id: string;
    kind: UploadKind;
    original_name: string;
    media_type: string;
    size_bytes: number;
    stored_name: string;
    stored_in: BlobLocation;
    submission_id: string | null;
    created_at: Date;
  }>(
    'select id, kind, original_name, media_type, size_bytes, stored_name, stored_in, submission_id, created_at from uploads where id = $1',
    [id],
  );
  if (!row) return undefined;
  const store = blobStoreAt(row.stored_in, db, dataDir);
  return {
    id: row.id,
    kind: row.kind,
    originalName: row.original_name,
    mediaType: row.media_type,
    size: row.size_bytes,
    submissionId: row.submission_id,
    createdAt: new Date(row.created_at),
    stream: () => store.get(row.stored_name),
  };
}
