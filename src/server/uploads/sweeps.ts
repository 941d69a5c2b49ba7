import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../db/database';
import { blobStoreAt, uploadsDir, type BlobLocation } from './blob-store';
import { UNCLAIMED } from './store';
import { DatabaseTusStore } from './tus-store';

/**
 * Removes uploads past their unclaimed lifetime that no submission, application, complaint, post or team member took
 * (with their bytes, wherever they are kept), resumable uploads left unfinished past that lifetime when it is given,
 * bytes no upload records, and `.part` leftovers of staging. Answers how many uploads went.
 */
export async function sweepUploads(db: Database, dataDir: string, unclaimedUploadMinutes?: number): Promise<number> {
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
  return abandoned.length;
}
