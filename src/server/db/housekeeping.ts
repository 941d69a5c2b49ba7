import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from './database';
import { uploadsDir } from '../storage/upload-store';

/** Uploads nobody claimed within a day were abandoned: the visitor left the form, or the request was refused. */
const ABANDONED_AFTER = "interval '1 day'";

/**
 * Drops what only matters for a while: spent captchas past their expiry, old rate-limit windows, and uploads that
 * no submission, application, complaint, post or team member took (with their files, and `.part` leftovers).
 */
export async function sweepExpired(db: Queryable, dataDir: string) {
  await db.query('delete from captcha_spent where expires_at < now()');
  await db.query(`delete from rate_limits where window_start < now() - interval '10 minutes'`);
  const abandoned = await db.query<{ stored_name: string }>(
    `delete from uploads u
      where u.submission_id is null and u.created_at < now() - ${ABANDONED_AFTER}
        and not exists (select 1 from job_applications a where a.resume_upload_id = u.id)
        and not exists (select 1 from complaints c where c.attachment_upload_id = u.id)
        and not exists (select 1 from blog_posts b where b.cover_upload_id = u.id)
        and not exists (select 1 from team_members t where t.avatar_upload_id = u.id)
      returning u.stored_name`,
  );
  const dir = uploadsDir(dataDir);
  for (const { stored_name } of abandoned) await rm(join(dir, stored_name), { force: true });
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith('.part')) continue;
    const info = await stat(join(dir, name)).catch(() => null);
    if (info && info.mtimeMs < dayAgo) await rm(join(dir, name), { force: true });
  }
  return { uploadsRemoved: abandoned.length };
}
