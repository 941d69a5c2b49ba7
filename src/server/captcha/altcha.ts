import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Challenge, Payload } from 'altcha-lib/types';
import type { CaptchaChallenge } from '../../shared/api/captcha';
import type { Queryable } from '../db/database';
import type { Captcha, CaptchaCheck } from './captcha';
import { sharedAltchaKey } from './store';

/**
 * Proof-of-work settings (ALTCHA v2 deterministic mode, the format the altcha 3.x widget solves). The widget tries
 * counters 0, 1, 2 ... spread over its web workers until it reaches the server's secret counter; each try is one
 * PBKDF2-SHA256 of ALTCHA_COST iterations, so a challenge is 1-4 million iterations (2.5 million on average).
 * Measured on one x86 server core with SHA extensions: 0.6 s on average (0.3-1.0 s) in Node, 0.46 s (0.2-0.8 s) in
 * the widget in headless Chromium, i.e. 4-5 million iterations/s. A mid-range phone is taken as 3-4 times slower per
 * core, running the widget's 4 workers: about a second. Verifying is one HMAC (the derived key is signed when the
 * challenge is made), about 1 ms.
 */
const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
const ALTCHA_COST = 1_000;
const ALTCHA_COUNTER = { min: 1_000, max: 4_000 } as const;
const ALTCHA_TTL_MS = 10 * 60_000;

export interface AltchaSecrets {
  /** Signs the challenge parameters. */
  signature: string;
  /** Signs the derived key, so verifying a solution needs no key derivation. */
  keySignature: string;
}

export interface AltchaCaptcha extends Captcha {
  mode: 'altcha';
  /** A fresh signed challenge for the widget. */
  challenge(): Promise<CaptchaChallenge>;
}

export function isAltcha(captcha: Captcha): captcha is AltchaCaptcha {
  return captcha.mode === 'altcha' && 'challenge' in captcha;
}

/** ALTCHA_HMAC_KEY when set; otherwise one random key, created by whichever process comes first and read by all. */
export async function altchaKey(db: Queryable, fromEnv: string | undefined): Promise<string> {
  return fromEnv || sharedAltchaKey(db);
}

export function altchaSecrets(key: string): AltchaSecrets {
  return { signature: key, keySignature: createHmac('sha256', key).update('altcha-key-signature').digest('hex') };
}

/** A signed challenge; expiresAt is there for tests that need one already expired. */
export function issueChallenge(secrets: AltchaSecrets, expiresAt = new Date(Date.now() + ALTCHA_TTL_MS)): Promise<Challenge> {
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: ALTCHA_COST,
    counter: randomInt(ALTCHA_COUNTER.max, ALTCHA_COUNTER.min),
    deriveKey,
    expiresAt,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  });
}

/** A challenge as the API promises it: every one this server makes is signed and expires (issueChallenge sees to both). */
function signedAndExpiring(challenge: Challenge): CaptchaChallenge {
  const { parameters, signature } = challenge;
  const { expiresAt } = parameters;
  if (expiresAt === undefined || signature === undefined) throw new Error('an ALTCHA challenge without a signature or expiry');
  return { ...challenge, parameters: { ...parameters, expiresAt }, signature };
}

/** The widget's payload: base64 of {challenge: {parameters, signature}, solution}. Anything else is undefined. */
function parsePayload(token: string): Payload | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Payload;
    const { challenge, solution } = payload ?? {};
    if (typeof challenge?.signature !== 'string' || typeof challenge.parameters !== 'object' || !challenge.parameters) return undefined;
    if (typeof solution !== 'object' || !solution) return undefined;
    return payload;
  } catch {
    return undefined;
  }
}

async function verifyAltcha(secrets: AltchaSecrets, token: string | undefined): Promise<CaptchaCheck> {
  const payload = token ? parsePayload(token) : undefined;
  // Every challenge this server issues expires; one without an expiry was not made here.
  const expiresAt = payload?.challenge.parameters.expiresAt;
  if (!payload || typeof expiresAt !== 'number') return { ok: false };
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.keySignature,
    });
    if (!result.verified) return { ok: false };
  } catch {
    // Malformed parameters (an unknown algorithm, a bad hex string) are a failed check, not a server error.
    return { ok: false };
  }
  // The signature is unique per challenge: submit-form records it, so the same solution counts once.
  return { ok: true, spendKey: `altcha:${payload.challenge.signature}`, expiresAt: new Date(expiresAt * 1000) };
}

/** Self-hosted ALTCHA: challenges signed with a key every server process shares. */
export async function altchaCaptcha(db: Queryable, keyFromEnv?: string): Promise<AltchaCaptcha> {
  const secrets = altchaSecrets(await altchaKey(db, keyFromEnv));
  return {
    mode: 'altcha',
    challenge: async () => signedAndExpiring(await issueChallenge(secrets)),
    verify: (token) => verifyAltcha(secrets, token),
    publicConfig: () => ({ mode: 'altcha' }),
  };
}
