import { describe, expect, it } from 'vitest';
import type { ConfigError } from '../../config.ts';
import { loadConfig } from '../../config.ts';
import { createPaymentGateway } from './index.ts';

const production = {
  NODE_ENV: 'production',
  SMS_DRIVER: 'taqnyat',
  TAQNYAT_TOKEN: 't',
  TAQNYAT_SENDER: 's',
  OTP_SECRET: 'o'.repeat(40),
  ADMIN_PASSWORD: 'admin-password',
};
const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    return (err as ConfigError).problems;
  }
};

describe('payment configuration', () => {
  it('uses the sandbox driver by default outside production, with a development webhook secret', () => {
    const c = loadConfig({ NODE_ENV: 'test' });
    expect(c.PAYMENT_DRIVER).toBe('sandbox');
    expect(c.paymentWebhookSecret.length).toBeGreaterThanOrEqual(16);
    expect(createPaymentGateway(c).name).toBe('sandbox');
  });

  it('refuses to start production with the sandbox driver or without a webhook secret', () => {
    expect(problems(production)).toEqual(
      expect.arrayContaining([
        'PAYMENT_DRIVER: the sandbox driver is not allowed in production',
        'PAYMENT_WEBHOOK_SECRET: required in production (16+ characters)',
      ]),
    );
    expect(problems({ ...production, PAYMENT_WEBHOOK_SECRET: 'short' })).toEqual(
      expect.arrayContaining([expect.stringMatching(/^PAYMENT_WEBHOOK_SECRET: /)]),
    );
  });

  it('needs the secret key and the public address with Moyasar', () => {
    expect(problems({ NODE_ENV: 'development', PAYMENT_DRIVER: 'moyasar' })).toEqual([
      'MOYASAR_SECRET_KEY: required with the moyasar driver',
      'PUBLIC_URL: required with the moyasar driver (return URLs)',
    ]);
    const c = loadConfig({
      ...production,
      PAYMENT_DRIVER: 'moyasar',
      MOYASAR_SECRET_KEY: 'sk_live_x',
      PAYMENT_WEBHOOK_SECRET: 'w'.repeat(32),
      PUBLIC_URL: 'https://pools.example',
    });
    expect(c.paymentWebhookSecret).toBe('w'.repeat(32));
    expect(createPaymentGateway(c).name).toBe('moyasar');
  });

  it('refuses an unknown driver', () => {
    expect(problems({ PAYMENT_DRIVER: 'paypal' })[0]).toMatch(/^PAYMENT_DRIVER: /);
  });
});
