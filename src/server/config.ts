import { join } from 'node:path';
import { DEFAULT_CALL_TIMEOUT_MS } from './db/database';
import envSchema from 'env-schema';

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
  /** The site's address as visitors reach it, without a trailing slash: links in mail are built from it, never from a request's Host. */
  publicUrl: string;
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
  /** How long a forward or a Firestore copy may take before it counts as failed and waits for its retry. */
  outboxDeliveryTimeoutMs: number;
  /** Connections each process keeps open to PostgreSQL. */
  databasePoolSize: number;
  /** How long an unreachable PostgreSQL is retried at start before the server gives up. */
  databaseConnectTimeoutS: number;
  /** The deadline of each database call (DATABASE_CALL_TIMEOUT_MS). */
  databaseCallTimeoutMs: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Bytes of uploads no form has claimed yet that one client address may hold (beyond: 429). */
  uploadQuotaPerAddressBytes: number;
  /** Bytes of unclaimed uploads from everyone together (beyond: 507). */
  uploadQuotaTotalBytes: number;
  /** An upload nothing claims within this many minutes is removed. */
  unclaimedUploadMinutes: number;
  /** Failed logins on one account before each further attempt waits 1 s, 2 s, 4 s ... */
  loginBackoffAfter: number;
  /** The same for one client address, over all accounts (an office shares one address). */
  loginBackoffAfterPerAddress: number;
  /** The longest wait the back-off reaches. */
  loginBackoffMaxSeconds: number;
  /** Environment values that name sheet and webhook endpoints (submit targets' urlEnv). */
  env: Record<string, string | undefined>;
}

/** A setting the server cannot start with; its message names the variable and what it accepts. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Every variable the server reads, with what it accepts; unset ones take these defaults. */
const environmentSchema = {
  type: 'object',
  properties: {
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 3000 },
    HOST: { type: 'string', minLength: 1, default: '0.0.0.0' },
    DIST_DIR: { type: 'string', minLength: 1, default: join(root, 'dist') },
    DATA_DIR: { type: 'string', minLength: 1, default: join(root, 'data') },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://' },
    SMTP_URL: { type: 'string', pattern: '^smtps?://' },
    MAIL_FROM: { type: 'string', pattern: '@', default: 'no-reply@hireframe.in' },
    PUBLIC_URL: { type: 'string', pattern: '^https?://[^/?#]+(/[^?#]*)?$' },
    CAPTCHA: { type: 'string', enum: ['on', 'off'], default: 'on' },
    RECAPTCHA_SITE_KEY: { type: 'string', minLength: 1 },
    RECAPTCHA_SECRET: { type: 'string', minLength: 1 },
    RECAPTCHA_VERIFY_URL: { type: 'string', pattern: '^https?://', default: 'https://www.google.com/recaptcha/api/siteverify' },
    TRUST_PROXY: { type: 'boolean', default: false },
    FORMS_PER_MINUTE: { type: 'integer', minimum: 1, default: 10 },
    OUTBOX_INTERVAL_MS: { type: 'integer', minimum: 0, default: 5000 },
    DATABASE_POOL_SIZE: { type: 'integer', minimum: 1, maximum: 1000, default: 10 },
    DATABASE_CONNECT_TIMEOUT_S: { type: 'integer', minimum: 0, maximum: 3600, default: 30 },
    DATABASE_CALL_TIMEOUT_MS: { type: 'integer', minimum: 100, maximum: 60_000, default: DEFAULT_CALL_TIMEOUT_MS },
    LOG_LEVEL: { type: 'string', enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info' },
    UPLOAD_QUOTA_PER_ADDRESS_MB: { type: 'integer', minimum: 1, default: 25 },
    UPLOAD_QUOTA_TOTAL_MB: { type: 'integer', minimum: 1, default: 2048 },
    UNCLAIMED_UPLOAD_MINUTES: { type: 'integer', minimum: 1, default: 120 },
    LOGIN_BACKOFF_AFTER: { type: 'integer', minimum: 1, default: 5 },
    LOGIN_BACKOFF_AFTER_PER_ADDRESS: { type: 'integer', minimum: 1, default: 20 },
    LOGIN_BACKOFF_MAX_SECONDS: { type: 'integer', minimum: 1, default: 300 },
  },
} as const;

type Environment = {
  PORT: number;
  HOST: string;
  DIST_DIR: string;
  DATA_DIR: string;
  DATABASE_URL?: string;
  SMTP_URL?: string;
  MAIL_FROM: string;
  PUBLIC_URL?: string;
  CAPTCHA: 'on' | 'off';
  RECAPTCHA_SITE_KEY?: string;
  RECAPTCHA_SECRET?: string;
  RECAPTCHA_VERIFY_URL: string;
  TRUST_PROXY: boolean;
  FORMS_PER_MINUTE: number;
  OUTBOX_INTERVAL_MS: number;
  DATABASE_POOL_SIZE: number;
  DATABASE_CONNECT_TIMEOUT_S: number;
  DATABASE_CALL_TIMEOUT_MS: number;
  LOG_LEVEL: ServerConfig['logLevel'];
  UPLOAD_QUOTA_PER_ADDRESS_MB: number;
  UPLOAD_QUOTA_TOTAL_MB: number;
  UNCLAIMED_UPLOAD_MINUTES: number;
  LOGIN_BACKOFF_AFTER: number;
  LOGIN_BACKOFF_AFTER_PER_ADDRESS: number;
  LOGIN_BACKOFF_MAX_SECONDS: number;
};

/** "FORMS_PER_MINUTE must be integer (it is "abc")": one line per bad variable. */
function describeErrors(errors: { instancePath: string; message?: string }[], given: Record<string, string | undefined>) {
  return errors
    .map(({ instancePath, message }) => {
      const name = instancePath.replace(/^\//, '');
      return `${name} ${message ?? 'is invalid'} (it is ${JSON.stringify(given[name])})`;
    })
    .join('; ');
}

/** Reads and checks the configuration; a bad value throws a ConfigError naming the variable, so nothing runs on NaN. */
export function configFromEnv(env: Record<string, string | undefined> = process.env): ServerConfig {
  // An empty variable counts as unset, as a shell's `FOO=` usually means.
  const given = Object.fromEntries(Object.entries(env).filter(([name, value]) => value !== '' && name in environmentSchema.properties));
  let settings: Environment;
  try {
    settings = envSchema<Environment>({ schema: structuredClone(environmentSchema) as never, data: given, env: false });
  } catch (error) {
    const errors = (error as { errors?: { instancePath: string; message?: string }[] }).errors;
    throw new ConfigError(`Configuration: ${errors ? describeErrors(errors, given) : (error as Error).message}`);
  }
  if (Boolean(settings.RECAPTCHA_SITE_KEY) !== Boolean(settings.RECAPTCHA_SECRET)) {
    throw new ConfigError('Configuration: RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET are set together or not at all');
  }
  const recaptcha =
    settings.RECAPTCHA_SITE_KEY && settings.RECAPTCHA_SECRET
      ? { siteKey: settings.RECAPTCHA_SITE_KEY, secret: settings.RECAPTCHA_SECRET, verifyUrl: settings.RECAPTCHA_VERIFY_URL }
      : undefined;
  return {
    port: settings.PORT,
    host: settings.HOST,
    distDir: settings.DIST_DIR,
    dataDir: settings.DATA_DIR,
    databaseUrl: settings.DATABASE_URL,
    smtpUrl: settings.SMTP_URL,
    mailFrom: settings.MAIL_FROM,
    publicUrl: (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/+$/, ''),
    captcha: settings.CAPTCHA === 'off' ? 'off' : recaptcha ? 'recaptcha' : 'altcha',
    recaptcha,
    trustProxy: settings.TRUST_PROXY,
    formsPerMinute: settings.FORMS_PER_MINUTE,
    outboxIntervalMs: settings.OUTBOX_INTERVAL_MS,
    outboxDeliveryTimeoutMs: 15_000,
    databasePoolSize: settings.DATABASE_POOL_SIZE,
    databaseConnectTimeoutS: settings.DATABASE_CONNECT_TIMEOUT_S,
    databaseCallTimeoutMs: settings.DATABASE_CALL_TIMEOUT_MS,
    logLevel: settings.LOG_LEVEL,
    uploadQuotaPerAddressBytes: settings.UPLOAD_QUOTA_PER_ADDRESS_MB * 1024 * 1024,
    uploadQuotaTotalBytes: settings.UPLOAD_QUOTA_TOTAL_MB * 1024 * 1024,
    unclaimedUploadMinutes: settings.UNCLAIMED_UPLOAD_MINUTES,
    loginBackoffAfter: settings.LOGIN_BACKOFF_AFTER,
    loginBackoffAfterPerAddress: settings.LOGIN_BACKOFF_AFTER_PER_ADDRESS,
    loginBackoffMaxSeconds: settings.LOGIN_BACKOFF_MAX_SECONDS,
    env,
  };
}

/** For commands (the server, the scripts): a bad setting ends the process with its one-line message, not a stack. */
export function configOrExit(exitCode = 1): ServerConfig {
  try {
    return configFromEnv();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(exitCode);
  }
}
