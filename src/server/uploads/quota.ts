import type { Queryable } from '../db/database';

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

/** Whether `size` more unclaimed bytes from `clientIp` fit both quotas; expired uploads awaiting the sweep do not count. */
export async function checkUploadQuota(
  db: Queryable,
  clientIp: string,
  size: number,
  limits: UploadLimits,
): Promise<QuotaRefusal | undefined> {
  const [usage] = await db.query<{ mine: string; total: string }>(
    `select coalesce(sum(u.size_bytes) filter (where u.client_ip = $1), 0)::bigint as mine, coalesce(sum(u.size_bytes), 0)::bigint as total
       from uploads u where u.expires_at > now() and ${UNCLAIMED}`,
    [clientIp],
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
