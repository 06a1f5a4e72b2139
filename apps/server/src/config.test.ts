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
