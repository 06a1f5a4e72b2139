/** The configuration a production server needs to start for a benchmark (no real SMS or payment is made). */
export const productionEnv = (port: number): Record<string, string> => ({
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SMS_DRIVER: 'taqnyat',
  TAQNYAT_TOKEN: 'bench',
  TAQNYAT_SENDER: 'bench',
  OTP_SECRET: 'b'.repeat(40),
  ADMIN_PASSWORD: 'bench-password',
  PAYMENT_DRIVER: 'moyasar',
  MOYASAR_SECRET_KEY: 'sk_test_bench',
  PAYMENT_WEBHOOK_SECRET: 'bench-webhook-secret',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
});
