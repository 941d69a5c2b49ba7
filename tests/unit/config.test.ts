import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../../src/server/config';

describe('configuration from the environment', () => {
  it('starts with working defaults on a fresh machine', () => {
    const config = configFromEnv({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      captcha: 'altcha',
      trustProxy: false,
      formsPerMinute: 10,
      outboxIntervalMs: 5000,
      logLevel: 'info',
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('builds mailed links from PUBLIC_URL, localhost by default, and refuses one that is not an http(s) address', () => {
    expect(configFromEnv({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(configFromEnv({ PUBLIC_URL: 'https://www.hireframe.in/' }).publicUrl).toBe('https://www.hireframe.in');
    expect(() => configFromEnv({ PUBLIC_URL: 'www.hireframe.in' })).toThrow(/PUBLIC_URL/);
  });

  it('reads numbers and switches from their text', () => {
    const config = configFromEnv({
      PORT: '8080',
      TRUST_PROXY: 'true',
      FORMS_PER_MINUTE: '25',
      CAPTCHA: 'off',
      DATABASE_URL: 'postgres://db/hireframe',
    });
    expect(config).toMatchObject({
      port: 8080,
      trustProxy: true,
      formsPerMinute: 25,
      captcha: 'off',
      databaseUrl: 'postgres://db/hireframe',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(configFromEnv({ DATABASE_URL: '', FORMS_PER_MINUTE: '' })).toMatchObject({ databaseUrl: undefined, formsPerMinute: 10 });
  });

  it.each([
    [{ FORMS_PER_MINUTE: 'abc' }, 'FORMS_PER_MINUTE must be integer (it is "abc")'],
    [{ PORT: '70000' }, 'PORT must be <= 65535'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY must be boolean'],
    [{ DATABASE_URL: 'mysql://db' }, 'DATABASE_URL must match pattern'],
    [{ CAPTCHA: 'maybe' }, 'CAPTCHA must be equal to one of the allowed values'],
    [{ RECAPTCHA_SITE_KEY: 'key' }, 'RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET are set together'],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => configFromEnv(env)).toThrow(ConfigError);
    expect(() => configFromEnv(env)).toThrow(message);
  });

  it('names every bad variable at once', () => {
    expect(() => configFromEnv({ PORT: 'x', OUTBOX_INTERVAL_MS: '-1' })).toThrow(/PORT .*; OUTBOX_INTERVAL_MS/);
  });
});
