import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults for development', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.HOST).toBe('0.0.0.0');
    expect(c.SMS_DRIVER).toBe('outbox');
    expect(c.SMS_ALLOWED_COUNTRY_CODES).toEqual(['966']);
    expect(c.SEED_DEMO).toBe(true);
    expect(c.dataDir).toMatch(/data$/);
  });

  it('reads PORT, HOST and lists', () => {
    const c = loadConfig({ PORT: '8080', HOST: '127.0.0.1', CORS_ORIGINS: 'https://a.example, https://b.example' });
    expect(c.PORT).toBe(8080);
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
  });

  it('fails fast with every problem listed', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('LOG_LEVEL');
    }
  });

  it('drains 5 s on shutdown in production only; a replica or a direct URL needs DATABASE_URL', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({}).SHUTDOWN_TIMEOUT_MS).toBe(20_000);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '1500' }).shutdownDrainMs).toBe(1500);
    const pg = 'postgres://app@db/pool';
    const c = loadConfig({ DATABASE_URL: pg, DATABASE_READ_URL: 'postgres://app@replica/pool' });
    expect(c.DATABASE_READ_URL).toBe('postgres://app@replica/pool');
    for (const key of ['DATABASE_READ_URL', 'DATABASE_DIRECT_URL']) {
      expect(() => loadConfig({ [key]: pg })).toThrow(new RegExp(`${key}: needs DATABASE_URL`));
    }
  });

  it('refuses the outbox SMS driver and missing secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMS_DRIVER: the outbox driver is not allowed in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/OTP_SECRET/);
    const ok = loadConfig({
      NODE_ENV: 'production',
      SMS_DRIVER: 'taqnyat',
      TAQNYAT_TOKEN: 't',
      TAQNYAT_SENDER: 'Masabeh',
      OTP_SECRET: 'x'.repeat(40),
      ADMIN_PASSWORD: 'a-strong-password',
      PAYMENT_DRIVER: 'moyasar',
      MOYASAR_SECRET_KEY: 'sk_live_x',
      PAYMENT_WEBHOOK_SECRET: 'w'.repeat(32),
      PUBLIC_URL: 'https://pools.example',
    });
    expect(ok.isProduction).toBe(true);
    expect(ok.SEED_DEMO).toBe(false);
  });
});
