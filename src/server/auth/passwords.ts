import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt with N = 2^15 takes tens of milliseconds and 32 MiB per guess: slow for an attacker, fine for a login.
const params = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const keyLength = 64;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (e, key) => (e ? reject(e) : resolve(key))),
  );
}

/** "scrypt$N$r$p$salt$hash", so stronger parameters later still verify old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(N), r: Number(r), p: Number(p), maxmem: params.maxmem });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the username does not exist, so both cases take as long. */
export const decoyHash = await hashPassword(randomBytes(12).toString('hex'));

export const PASSWORD_RULE = 'Use at least 10 characters.';
export const isStrongEnough = (password: string) => password.length >= 10;
