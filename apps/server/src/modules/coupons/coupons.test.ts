/** Dashboard coupons and delivery prices: validation in both languages, computed status, open/close, notify, audit, permissions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeCity, makeUser, tables } from '@pool/db';
import type { AdminCoupon, AdminDeliveryPrice } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { adminCall, adminToken, expectFields, expectOk, expectStatus } from '../admin-content/testing.ts';
import { ok, t } from '../orders/testing.ts';

const day = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();

describe('dashboard coupons', () => {
  let app: TestApp;
  let token = '';
  beforeAll(async () => {
    app = await buildTestApp();
    token = await adminToken(app);
  });
  afterAll(() => app.close());

  const body = (o: Record<string, unknown> = {}) => ({
    title: 'Summer',
    code: `sum${Math.random().toString(36).slice(2, 8)}`,
    discount_type: 'ratio',
    value: '15',
    max_discount: '5000',
    max_uses: '100',
    max_uses_per_user: '2',
    starts_at: iso(-1),
    expires_at: iso(30),
    ...o,
  });
  const create = (o: Record<string, unknown> = {}, lang: 'ar' | 'en' = 'ar') =>
    adminCall(app, 'POST', '/coupons', { token, lang, body: body(o) });

  it('creates a coupon with an upper-case code and shows it available', async () => {
    const c = expectOk<AdminCoupon>(await create({ code: 'welcome25' }), 'cms.created');
    expect(c).toMatchObject({
      code: 'WELCOME25',
      discount_type: 'ratio',
      value: 15,
      max_discount: 5000,
      status: 'available',
      used_count: 0,
    });
    const audit = await app.db.select().from(tables.auditLogs).where(eq(tables.auditLogs.url, '/api/admin/coupons'));
    expect(audit.at(-1)).toMatchObject({ method: 'POST', subject: 'coupons.create' });
    // Unique whatever the case.
    expectFields(await create({ code: 'Welcome25' }, 'en'), { code: 'coupons.code_taken' }, 'en');
  });

  it('refuses bad input with clear messages in both languages, writing nothing', async () => {
    const before = (await app.db.select().from(tables.coupons)).length;
    expectFields(await create({ code: 'abcd' }), { code: ['validation.min_chars', { min: 5 }] });
    expectFields(await create({ code: 'ab cd e' }, 'en'), { code: 'validation.invalid' }, 'en');
    expectFields(await create({ value: '101' }), { value: 'coupons.ratio_max' });
    expectFields(await create({ expires_at: iso(-2) }, 'en'), { expires_at: 'coupons.expiry_after_start' }, 'en');
    expectFields(await create({ max_uses: '1', max_uses_per_user: '2' }), {
      max_uses_per_user: 'coupons.per_user_above_total',
    });
    expectFields(
      await create({ discount_type: 'gift', starts_at: 'tomorrow', title: '' }, 'en'),
      {
        discount_type: 'validation.invalid',
        starts_at: 'validation.invalid',
        title: 'validation.required',
      },
      'en',
    );
    expect((await app.db.select().from(tables.coupons)).length).toBe(before);
  });

  it('computes the status, filters by it, opens and closes', async () => {
    const expired = expectOk<AdminCoupon>(await create({ starts_at: iso(-10), expires_at: iso(-5) }), 'cms.created');
    expect(expired.status).toBe('expired');
    const full = expectOk<AdminCoupon>(await create({ max_uses: '1', max_uses_per_user: '1' }), 'cms.created');
    await app.db.update(tables.coupons).set({ usedCount: 1 }).where(eq(tables.coupons.id, full.id));
    const closed = expectOk<AdminCoupon>(
      await adminCall(app, 'POST', `/coupons/${full.id}/close`, { token }),
      'coupons.closed',
    );
    expect(closed.status).toBe('closed');
    const opened = expectOk<AdminCoupon>(
      await adminCall(app, 'POST', `/coupons/${full.id}/open`, { token }),
      'coupons.opened',
    );
    expect(opened.status).toBe('usage_ended');

    const ids = async (status: string) =>
      expectOk<{ data: AdminCoupon[] }>(await adminCall(app, 'GET', '/coupons', { token, query: { status } })).data.map(
        (c) => c.id,
      );
    expect(await ids('expired')).toContain(expired.id);
    expect(await ids('usage_ended')).toEqual([full.id]);
    expect(await ids('available')).not.toContain(expired.id);
    expect(await ids('closed')).toEqual([]);

    // Not started yet: scheduled (not available), until its start.
    const later = expectOk<AdminCoupon>(await create({ starts_at: iso(3), expires_at: iso(10) }), 'cms.created');
    expect(later.status).toBe('scheduled');
    expect(await ids('scheduled')).toEqual([later.id]);
    expect(await ids('available')).not.toContain(later.id);
    await app.db
      .update(tables.coupons)
      .set({ startsAt: new Date(Date.now() - 1000) })
      .where(eq(tables.coupons.id, later.id));
    expect(await ids('available')).toContain(later.id);
    expect(await ids('scheduled')).toEqual([]);
    const found = expectOk<{ data: AdminCoupon[] }>(
      await adminCall(app, 'GET', '/coupons', { token, query: { q: full.code.toLowerCase() } }),
    );
    expect(found.data.map((c) => c.id)).toEqual([full.id]);
  });

  it('edits, never below the uses already made, and deletes', async () => {
    const c = expectOk<AdminCoupon>(await create(), 'cms.created');
    await app.db.update(tables.coupons).set({ usedCount: 3 }).where(eq(tables.coupons.id, c.id));
    expectFields(
      await adminCall(app, 'POST', `/coupons/${c.id}`, {
        token,
        lang: 'en',
        body: body({ code: c.code, max_uses: '2', max_uses_per_user: '1' }),
      }),
      { max_uses: ['coupons.max_uses_below_used', { used: 3 }] },
      'en',
    );
    const edited = expectOk<AdminCoupon>(
      await adminCall(app, 'POST', `/coupons/${c.id}`, {
        token,
        body: body({ code: c.code, title: 'Winter', discount_type: 'number', value: '2500' }),
      }),
      'cms.saved',
    );
    expect(edited).toMatchObject({ title: 'Winter', discount_type: 'number', value: 2500, used_count: 3 });
    expectOk(await adminCall(app, 'DELETE', `/coupons/${c.id}`, { token }), 'cms.deleted');
    expectStatus(await adminCall(app, 'GET', `/coupons/${c.id}`, { token }), 404, 'notFound');
    expectStatus(await adminCall(app, 'POST', `/coupons/${c.id}`, { token, body: body() }), 404, 'notFound');
  });

  it('tells every customer about an available coupon, in both languages', async () => {
    const reachable = await makeUser(app.db);
    const blocked = await makeUser(app.db, { isBlocked: true });
    const c = expectOk<AdminCoupon>(
      await create({ code: 'NOTIFYME', discount_type: 'number', value: '2500' }),
      'cms.created',
    );
    const res = await adminCall(app, 'POST', `/coupons/${c.id}/notify`, { token, lang: 'en' });
    const sent = ok<{ sent: number }>(res).sent;
    expect(res.json().msg).toBe(t('en', 'coupons.notified', { count: sent }));
    const rows = await app.db.select().from(tables.notifications).where(eq(tables.notifications.type, 'admin_notify'));
    const mine = rows.find((r) => r.userId === reachable.id)!;
    expect(mine.bodyEn).toBe(
      t('en', 'coupons.notify_body', { code: 'NOTIFYME', discount: 'SAR 25.00', date: new Date(c.expires_at) }),
    );
    // The day in words of the language, never ISO.
    expect(mine.bodyEn).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(mine.bodyAr).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(mine.bodyAr).toContain('NOTIFYME');
    expect(rows.some((r) => r.userId === blocked.id)).toBe(false);

    const gone = expectOk<AdminCoupon>(await create({ starts_at: iso(-10), expires_at: iso(-5) }), 'cms.created');
    const refused = await adminCall(app, 'POST', `/coupons/${gone.id}/notify`, { token, lang: 'en' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(t('en', 'coupons.notify_unavailable'));
  });

  it('needs the coupon permissions', async () => {
    const viewer = await adminToken(app, ['coupons.view']);
    expectOk(await adminCall(app, 'GET', '/coupons', { token: viewer }));
    expectStatus(await adminCall(app, 'POST', '/coupons', { token: viewer, body: body() }), 403, 'forbidden');
    const c = expectOk<AdminCoupon>(await create(), 'cms.created');
    expectStatus(await adminCall(app, 'POST', `/coupons/${c.id}/notify`, { token: viewer }), 403, 'forbidden');
    const notifier = await adminToken(app, ['coupons.notify']);
    ok(await adminCall(app, 'POST', `/coupons/${c.id}/notify`, { token: notifier }));
  });
});

describe('dashboard delivery prices', () => {
  let app: TestApp;
  let token = '';
  beforeAll(async () => {
    app = await buildTestApp();
    token = await adminToken(app, ['delivery.view', 'delivery.edit']);
  });
  afterAll(() => app.close());

  it('lists every city with its price and sets one', async () => {
    const city = await makeCity(app.db, { nameAr: 'جدة', nameEn: 'Jeddah' });
    const list = expectOk<AdminDeliveryPrice[]>(await adminCall(app, 'GET', '/delivery-prices', { token }));
    expect(list.find((r) => r.city_id === city.id)).toMatchObject({ name_en: 'Jeddah', price: null, free_above: null });
    const saved = expectOk<AdminDeliveryPrice>(
      await adminCall(app, 'POST', `/delivery-prices/${city.id}`, {
        token,
        body: { price: '2500', free_above: '30000' },
      }),
      'cms.saved',
    );
    expect(saved).toMatchObject({ price: 2500, free_above: 30_000 });
    const again = expectOk<AdminDeliveryPrice>(
      await adminCall(app, 'POST', `/delivery-prices/${city.id}`, { token, body: { price: 0, free_above: '' } }),
      'cms.saved',
    );
    expect(again).toMatchObject({ price: 0, free_above: null });
    expectFields(
      await adminCall(app, 'POST', `/delivery-prices/${city.id}`, { token, lang: 'en', body: { price: '-1' } }),
      { price: 'validation.invalid' },
      'en',
    );
    expectFields(await adminCall(app, 'POST', `/delivery-prices/${city.id}`, { token, body: {} }), {
      price: 'validation.required',
    });
    expectStatus(
      await adminCall(app, 'POST', '/delivery-prices/999999', { token, body: { price: 100 } }),
      404,
      'notFound',
    );
    const audit = await app.db
      .select()
      .from(tables.auditLogs)
      .where(eq(tables.auditLogs.url, `/api/admin/delivery-prices/${city.id}`));
    expect(audit.map((a) => a.subject)).toEqual(['delivery.edit', 'delivery.edit']);
    const viewer = await adminToken(app, ['delivery.view']);
    expectStatus(
      await adminCall(app, 'POST', `/delivery-prices/${city.id}`, { token: viewer, body: { price: 1 } }),
      403,
      'forbidden',
    );
  });
});
