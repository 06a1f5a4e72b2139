import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMoyasar } from './fake-moyasar.ts';
import { invoiceStatus, moyasarGateway } from './moyasar.ts';
import { GatewayError } from './types.ts';

describe('Moyasar driver against a local fake of its API', () => {
  let fake: Awaited<ReturnType<typeof fakeMoyasar>>;
  const gateway = () => moyasarGateway({ baseUrl: fake.baseUrl, secretKey: fake.secretKey, timeoutMs: 2000 });
  const input = {
    givenId: '0b7a8d2e-5c1f-4e8a-9a51-1a0b2c3d4e5f',
    amount: 12_550,
    description: 'Wallet charge of 125.50 SAR',
    callbackUrl: 'https://shop.example/api/payments/return/0b7a8d2e?to=%2Fmore%2Fwallet',
    metadata: { payment_id: '7', purpose: 'wallet_charge' },
    lang: 'en' as const,
  };

  beforeAll(async () => {
    fake = await fakeMoyasar();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.seen.length = 0;
    fake.control.failNext = 0;
    fake.control.delayMs = 0;
  });

  it('creates an invoice: basic auth with the secret key, halalas, SAR, return URLs and our ids in the metadata', async () => {
    const created = await gateway().create(input);
    expect(fake.seen).toHaveLength(1);
    const req = fake.seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/invoices');
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from('sk_test_fake_secret:').toString('base64')}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({
      amount: 12_550,
      currency: 'SAR',
      description: 'Wallet charge of 125.50 SAR',
      success_url: input.callbackUrl,
      back_url: input.callbackUrl,
      metadata: { payment_id: '7', purpose: 'wallet_charge', given_id: input.givenId },
    });
    expect(created.gatewayId).toBe([...fake.invoices.keys()][0]);
    // The hosted page in the payer's language.
    expect(new URL(created.redirectUrl).searchParams.get('lang')).toBe('en');
    expect(created.redirectUrl.startsWith('https://checkout.moyasar.test/invoices/')).toBe(true);
  });

  it('fetches an invoice as status, amount, currency and metadata', async () => {
    const g = gateway();
    const { gatewayId } = await g.create(input);
    expect(await g.fetch(gatewayId)).toEqual({
      id: gatewayId,
      status: 'initiated',
      amount: 12_550,
      currency: 'SAR',
      metadata: { payment_id: '7', purpose: 'wallet_charge', given_id: input.givenId },
      refunded: 0,
    });
    fake.settle(gatewayId, 'failed');
    expect((await g.fetch(gatewayId)).status).toBe('initiated'); // a declined attempt leaves the invoice payable
    fake.settle(gatewayId, 'paid');
    const paid = await g.fetch(gatewayId);
    expect(paid.status).toBe('paid');
    expect(fake.seen.at(-1)).toMatchObject({ method: 'GET', url: `/v1/invoices/${gatewayId}` });
  });

  it('refunds part and then the rest of the paid card payment of an invoice', async () => {
    const g = gateway();
    const { gatewayId } = await g.create(input);
    const pay = fake.settle(gatewayId, 'paid');
    const part = await g.refund(gatewayId, 2_550);
    expect(fake.seen.find((s) => s.url === `/v1/payments/${pay.id}/refund`)?.body).toEqual({ amount: 2_550 });
    expect(part).toMatchObject({ status: 'paid', refunded: 2_550 });
    const rest = await g.refund(gatewayId, 10_000);
    expect(rest).toMatchObject({ status: 'refunded', refunded: 12_550 });
    await expect(g.refund(gatewayId, 1)).rejects.toBeInstanceOf(GatewayError);
  });

  it('turns a refusal into a GatewayError with the status', async () => {
    const wrong = moyasarGateway({ baseUrl: fake.baseUrl, secretKey: 'sk_test_wrong' });
    const err = await wrong.create(input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).status).toBe(401);
    fake.control.failNext = 1;
    expect(
      (
        (await gateway()
          .fetch('x')
          .catch((e: unknown) => e)) as GatewayError
      ).status,
    ).toBe(500);
    expect(
      (
        (await gateway()
          .fetch('00000000-0000-0000-0000-000000000000')
          .catch((e: unknown) => e)) as GatewayError
      ).status,
    ).toBe(404);
  });

  it('gives up after its timeout, and when nothing listens', async () => {
    fake.control.delayMs = 300;
    const slow = moyasarGateway({ baseUrl: fake.baseUrl, secretKey: fake.secretKey, timeoutMs: 50 });
    await expect(slow.fetch('x')).rejects.toBeInstanceOf(GatewayError);
    const nowhere = moyasarGateway({ baseUrl: 'http://127.0.0.1:1', secretKey: 'k', timeoutMs: 500 });
    await expect(nowhere.create(input)).rejects.toBeInstanceOf(GatewayError);
  });

  it('STC Pay: a payment with source stcpay, then the code at its transaction_url (never off the API)', async () => {
    const g = gateway();
    const made = await g.createWithSource({ ...input, source: { type: 'stcpay', mobile: '0501234567' } });
    expect(made).toEqual({ gatewayId: expect.any(String), status: 'initiated', message: null });
    expect(fake.seen[0]).toMatchObject({
      method: 'POST',
      url: '/v1/payments',
      body: {
        amount: 12_550,
        currency: 'SAR',
        callback_url: input.callbackUrl,
        source: { type: 'stcpay', mobile: '0501234567' },
        metadata: { ...input.metadata, given_id: input.givenId },
      },
    });
    // Fetch and refund find a payment when no invoice has the id.
    expect(await g.fetch(made.gatewayId)).toMatchObject({ id: made.gatewayId, status: 'initiated', amount: 12_550 });
    expect(await g.confirmOtp(made.gatewayId, '111111')).toEqual({
      gatewayId: made.gatewayId,
      status: 'failed',
      message: 'Insufficient Balance.',
    });

    const other = await g.createWithSource({
      ...input,
      givenId: 'x',
      source: { type: 'stcpay', mobile: '0501234567' },
    });
    fake.payments.get(other.gatewayId)!.source!.transaction_url = 'https://evil.example/v1/stc_pays/1/proceed';
    await expect(g.confirmOtp(other.gatewayId, '123456')).rejects.toBeInstanceOf(GatewayError);
    expect(fake.seen.some((s) => s.url.includes('evil'))).toBe(false);
  });

  it('maps every invoice state to ours', () => {
    expect(['initiated', 'on_hold', 'something_new'].map(invoiceStatus)).toEqual([
      'initiated',
      'initiated',
      'initiated',
    ]);
    expect(['failed', 'canceled', 'expired', 'voided'].map(invoiceStatus)).toEqual([
      'failed',
      'failed',
      'failed',
      'failed',
    ]);
    expect(invoiceStatus('paid')).toBe('paid');
    expect(invoiceStatus('captured')).toBe('paid');
    expect(invoiceStatus('refunded')).toBe('refunded');
  });
});
