import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './database';
import { blobStoreAt, uploadsDir, type BlobLocation } from '../uploads/blob-store';
import { UNCLAIMED } from '../uploads/store';
import { forgetOldLoginFailures } from '../auth/login-backoff';
import { forgetOldVitals } from '../vitals/store';
import { VITALS_WINDOW_DAYS } from '../../shared/web-vitals';
import { foldLeadCounts } from '../leads/count-store';
import type { RetentionConfig } from '../../shared/generated/site-config';
import { enforceRetention } from './retention';
import { DatabaseTusStore } from '../uploads/tus-store';

/**
 * Drops what only matters for a while: spent captchas past their expiry, old rate-limit windows, login failures,
 * web-vitals reports past the dashboard's window, and uploads past their unclaimed lifetime that no submission,
 * application, complaint, post or team member took (with their bytes, wherever they are kept, and `.part` leftovers
 * of this process's staging), resumable uploads left unfinished past that lifetime, when given, and the addresses of
 * data requests whose links have expired. Deletes the records past their retention period (pages/site.json), when
 * given. Folds the lead counts' slots back into one row per combination.
 */
export async function sweepExpired(
  db: Database,
  dataDir: string,
  { retention, unclaimedUploadMinutes }: { retention?: RetentionConfig; unclaimedUploadMinutes?: number } = {},
) {
  const retained = retention ? await enforceRetention(db, dataDir, retention) : undefined;
  await foldLeadCounts(db);
  await db.query('delete from captcha_spent where expires_at < now()');
  await db.query(`delete from rate_limits where window_start < now() - interval '10 minutes'`);
  await forgetOldLoginFailures(db);
  await forgetOldVitals(db, VITALS_WINDOW_DAYS + 7);
  // A data request needs its address only while its link or its export works, or an admin has yet to answer it; the
  // audit entry stays without it.
  await db.query(
    `update data_requests set email = null, phone = null, details = null, token_hash = null, export_token_hash = null
      where (email is not null or phone is not null) and expires_at < now() and (confirmed_at is null or export_expires_at < now())`,
  );
  const abandoned = await db.query<{ stored_name: string; stored_in: BlobLocation }>(
    `delete from uploads u where u.expires_at < now() and ${UNCLAIMED} returning u.stored_name, u.stored_in`,
  );
  for (const { stored_name, stored_in } of abandoned) await blobStoreAt(stored_in, db, dataDir).delete(stored_name);
  if (unclaimedUploadMinutes !== undefined) await new DatabaseTusStore(db, unclaimedUploadMinutes * 60_000).deleteExpired();
  // Bytes stored by a process that stopped before recording them, or whose upload the quota refused. The page
  // editor's images are recorded in page_images and kept for good.
  await db.query(
    `delete from upload_blobs b where b.created_at < now() - interval '1 hour'
       and not exists (select 1 from uploads u where u.stored_name = b.stored_name)
       and not exists (select 1 from page_images p where p.stored_name = b.stored_name)`,
  );
  const dir = uploadsDir(dataDir);
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith('.part')) continue;
    const info = await stat(join(dir, name)).catch(() => null);
    if (info && info.mtimeMs < dayAgo) await rm(join(dir, name), { force: true });
  }
  return { uploadsRemoved: abandoned.length, retained };
}
