import { randomBytes } from 'node:crypto';
import { queryOne, type Queryable } from '../db/database';
import type { CaptchaCheck } from './captcha';

const KEY_SETTING = 'altcha_hmac_key';

/** One random ALTCHA key, created by whichever process comes first and read by all. */
export async function sharedAltchaKey(db: Queryable): Promise<string> {
  await db.query('insert into settings (name, value) values ($1, $2) on conflict (name) do nothing', [
    KEY_SETTING,
    randomBytes(32).toString('hex'),
  ]);
  const row = await queryOne<{ value: string }>(db, 'select value from settings where name = $1', [KEY_SETTING]);
  return row.value;
}

/** Records a passed captcha as spent, inside the transaction of what it let through; false when it already was. */
export async function recordSpent(tx: Queryable, check: CaptchaCheck): Promise<boolean> {
  if (!check.ok || !check.spendKey) return true;
  const spent = await tx.query(
    'insert into captcha_spent (signature, expires_at) values ($1, $2) on conflict do nothing returning signature',
    [check.spendKey, check.expiresAt],
  );
  return spent.length > 0;
}

/** A spent captcha matters only until it would have expired anyway. */
export async function forgetSpentCaptchas(db: Queryable) {
  await db.query('delete from captcha_spent where expires_at < now()');
}
