/** GET /api/user/me: a page header's viewer, unread notifications and cart units in one call. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import type { CartView, Me } from '@pool/contracts';
import { issueUserToken, revokeToken } from '../../lib/sessions.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { api, customer, ok, product, t } from '../orders/testing.ts';

describe('GET /api/user/me', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  /** A visitor's cart (by key) with `quantity` units. */
  const keyCart = async (quantity: number) => {
    const p = await product(app, { stock: 20 });
    return ok<CartView>(await api(app, 'POST', '/cart/items', { body: { variant_id: p.variant.id, quantity } }))
      .cart_key!;
  };
  const unread = async (userId: number, n: number, read = 0) => {
    const text = { type: 'order_payed', titleAr: 'تم', titleEn: 'Done', bodyAr: 'نص', bodyEn: 'Text' } as const;
    for (let i = 0; i < n + read; i++) {
      await app.db.insert(tables.notifications).values({ userId, ...text, readAt: i < read ? new Date() : null });
    }
  };

  it('answers a visitor with no one signed in and the units of the cart its key names', async () => {
    expect(ok<Me>(await api(app, 'GET', '/me'))).toEqual({ user: null, notifications_count: 0, cart_count: 0 });
    const key = await keyCart(3);
    expect(ok<Me>(await api(app, 'GET', '/me', { cartKey: key }))).toEqual({
      user: null,
      notifications_count: 0,
      cart_count: 3,
    });
  });

  it('answers a customer their profile, unread notifications and cart, merging a key cart into theirs', async () => {
    const { user, token } = await customer(app, { name: 'سارة' });
    await unread(user.id, 2, 3);
    const key = await keyCart(4);
    const me = ok<Me>(await api(app, 'GET', '/me', { token, cartKey: key, lang: 'en' }));
    expect(me).toMatchObject({ user: { id: user.id, name: 'سارة', phone: user.phone }, notifications_count: 2 });
    expect(me.cart_count).toBe(4);
    // The key's cart became the customer's: the key alone now names no cart.
    expect(ok<Me>(await api(app, 'GET', '/me', { cartKey: key })).cart_count).toBe(0);
    expect(ok<Me>(await api(app, 'GET', '/me', { token })).cart_count).toBe(4);
    expect((me.user as Record<string, unknown>).token).toBeUndefined();
  });

  it('answers a guest no profile but the cart of its key', async () => {
    const token = await issueUserToken(app.db, null);
    const key = await keyCart(1);
    expect(ok<Me>(await api(app, 'GET', '/me', { token, cartKey: key }))).toEqual({
      user: null,
      notifications_count: 0,
      cart_count: 1,
    });
  });

  it.each(['ar', 'en'] as const)('refuses a token that no longer holds, in the language asked (%s)', async (lang) => {
    const { user, token } = await customer(app);
    const [row] = await app.db.select().from(tables.userTokens).where(eq(tables.userTokens.userId, user.id));
    await revokeToken(app.db, row!.id);
    const res = await api(app, 'GET', '/me', { token, lang });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ key: 'unauthenticated', msg: t(lang, 'server.unauthenticated'), data: null });

    const blocked = await customer(app, { isBlocked: true });
    const refused = await api(app, 'GET', '/me', { token: blocked.token, lang });
    expect(refused.json()).toMatchObject({ key: 'blocked', msg: t(lang, 'server.blocked') });
  });
});
