import { createHash, randomBytes } from 'node:crypto';

/** The stored form of a token mailed in a link: its SHA-256, so the database alone cannot act for anyone. */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A fresh unguessable token for a link (256 bits, URL-safe) and the hash to store in its place. */
export function newLinkToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
