import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

export type CaptchaMode = 'altcha' | 'recaptcha' | 'off';

export interface ServerConfig {
  port: number;
  host: string;
  /** The output of npm run build: dist/client (assets) and dist/pages (prerendered HTML). */
  distDir: string;
  /** The embedded database and uploaded files live here. */
  dataDir: string;
  /** A PostgreSQL server instead of the embedded database. */
  databaseUrl?: string;
  /** Where mail goes, such as smtp://user:pass@mail.example.com:587; without it mail waits in the outbox. */
  smtpUrl?: string;
  mailFrom: string;
  captcha: CaptchaMode;
  recaptcha?: { siteKey: string; secret: string; verifyUrl: string };
  /**
   * Behind a load balancer or reverse proxy: take the client's address and protocol from X-Forwarded-For and
   * X-Forwarded-Proto. Off by default, since anyone can send those headers to a server that faces the internet.
   */
  trustProxy: boolean;
  /** Form submissions one client may send per minute. */
  formsPerMinute: number;
  /** How often the outbox worker looks for mail and forwards to send; 0 leaves it stopped (tests drive it). */
  outboxIntervalMs: number;
  /** Environment values that name sheet and webhook endpoints (submit targets' urlEnv). */
  env: Record<string, string | undefined>;
}

export function configFromEnv(env: Record<string, string | undefined> = process.env): ServerConfig {
  const recaptcha =
    env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET
      ? {
          siteKey: env.RECAPTCHA_SITE_KEY,
          secret: env.RECAPTCHA_SECRET,
          verifyUrl: env.RECAPTCHA_VERIFY_URL ?? 'https://www.google.com/recaptcha/api/siteverify',
        }
      : undefined;
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    distDir: env.DIST_DIR ?? join(root, 'dist'),
    dataDir: env.DATA_DIR ?? join(root, 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'no-reply@hireframe.in',
    captcha: env.CAPTCHA === 'off' ? 'off' : recaptcha ? 'recaptcha' : 'altcha',
    recaptcha,
    trustProxy: env.TRUST_PROXY === 'true',
    formsPerMinute: Number(env.FORMS_PER_MINUTE ?? 10),
    outboxIntervalMs: Number(env.OUTBOX_INTERVAL_MS ?? 5000),
    env,
  };
}
