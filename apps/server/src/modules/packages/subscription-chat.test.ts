/**
 * The chat of a subscription (ADR 0018: one thread per subscription): the customer, the
 * technicians assigned to any of its open visits (from the staff view of that visit) and the
 * admins who see orders read and write it; a technician whose visit is done or who has none
 * there gets 404; `new_message` reaches the visit's technician (opening their visit's page)
 * unless they wrote it; read-only 14 days after the subscription ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import type { ChatThread, StaffVisitDetail } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import {
  assignVisit,
  cityTechnician,
  mySubscription,
  ok,
  packagesWorld,
  subscriber,
  type PackagesWorld,
} from './testing.ts';

const DAY = 86_400_000;

describe("a subscription's chat", () => {
  let app: TestApp;
  let w: PackagesWorld;

  beforeAll(async () => {
    app = await buildTestApp();
    w = await packagesWorld(app);
  });
  afterAll(() => app.close());

  const chat = (who: 'user' | 'staff' | 'admin', id: number, token: string, text?: string) =>
    app.inject({
      method: text === undefined ? 'GET' : 'POST',
      url: who === 'admin' ? `/api/admin/service-orders/${id}/chat` : `/api/${who}/orders/${id}/chat`,
      headers: { lang: 'en', authorization: `Bearer ${token}` },
      ...(text === undefined ? {} : { payload: { text } }),
    });
  const told = (staffId: number) =>
    app.db
      .select({ orderId: tables.notifications.orderId, link: tables.notifications.link })
      .from(tables.notifications)
      .where(and(eq(tables.notifications.staffId, staffId), eq(tables.notifications.type, 'new_message')));

  it('is one thread for the customer, the technicians of its open visits and the admins', async () => {
    const c = await subscriber(app, w);
    const [first, second] = c.subscription.visits;
    const fahd = await cityTechnician(app, w, 'فهد الفني');
    const salem = await cityTechnician(app, w, 'سالم الفني');
    const stranger = await cityTechnician(app, w, 'غريب');
    await assignVisit(app, w, first!.id, fahd.staff.id);
    await assignVisit(app, w, second!.id, salem.staff.id);
    expect((await mySubscription(app, c.token, c.subscription.id)).can_chat).toBe(true);

    ok(await chat('user', c.subscription.id, c.token, 'Please bring the chlorine test kit'));
    // The technician reads it from the staff view of the visit: its chat is the subscription's thread.
    const detail = ok<StaffVisitDetail>(
      await app.inject({
        method: 'GET',
        url: `/api/staff/orders/${first!.id}/visit`,
        headers: { lang: 'en', authorization: `Bearer ${fahd.token}` },
      }),
    );
    expect(detail).toMatchObject({
      chat_path: `/api/staff/orders/${c.subscription.id}/chat`,
      chat_order_id: c.subscription.id,
    });
    const seen = ok<ChatThread>(await chat('staff', c.subscription.id, fahd.token));
    expect(seen.order).toMatchObject({ id: c.subscription.id, kind: 'package_subscription' });
    expect(seen.messages.map((m) => m.text)).toEqual(['Please bring the chlorine test kit']);
    // Both technicians take part (the customer sees them), and the admins.
    expect(
      ok<ChatThread>(await chat('user', c.subscription.id, c.token))
        .participants.filter((p) => p.role === 'staff')
        .map((p) => p.name)
        .sort(),
    ).toEqual(['سالم الفني', 'فهد الفني']);
    ok(await chat('staff', c.subscription.id, fahd.token, 'I will bring it on Sunday'));
    ok(await chat('admin', c.subscription.id, w.boss, 'Noted.'));

    // Each technician was told of the messages they did not write, opening their own visit.
    const fahdTold = await told(fahd.staff.id);
    expect(fahdTold.length).toBe(2);
    expect(fahdTold.every((n) => n.orderId === first!.id && n.link === `/staff/orders/${first!.id}`)).toBe(true);
    const salemTold = await told(salem.staff.id);
    expect(salemTold.length).toBe(3);
    expect(salemTold.every((n) => n.link === `/staff/orders/${second!.id}`)).toBe(true);

    // A technician with no visit there, and the visit itself as a thread, are not found.
    expect((await chat('staff', c.subscription.id, stranger.token)).statusCode).toBe(404);
    expect((await chat('staff', first!.id, fahd.token)).statusCode).toBe(404);
    // Once the visit is done, its technician is out of the thread.
    await app.db.update(tables.orders).set({ status: 'done' }).where(eq(tables.orders.id, first!.id));
    expect((await chat('staff', c.subscription.id, fahd.token)).statusCode).toBe(404);
    ok(await chat('staff', c.subscription.id, salem.token));
  });

  it('turns read-only 14 days after the subscription ends, its history kept', async () => {
    const c = await subscriber(app, w);
    ok(await chat('user', c.subscription.id, c.token, 'Hello'));
    ok(await api('POST', `/subscriptions/${c.subscription.id}/cancel`, c.token));
    // Within 14 days of its end it is still open.
    ok(await chat('user', c.subscription.id, c.token, 'Why was it cancelled?'));
    await app.db
      .update(tables.orders)
      .set({ closedAt: new Date(Date.now() - 15 * DAY) })
      .where(eq(tables.orders.id, c.subscription.id));
    const late = await chat('user', c.subscription.id, c.token, 'Anyone?');
    expect(late.statusCode).toBe(409);
    const thread = ok<ChatThread>(await chat('user', c.subscription.id, c.token));
    expect(thread.read_only).toBe(true);
    expect(thread.messages).toHaveLength(2);
  });

  it('does not open before the subscription is paid', async () => {
    const c = await subscriber(app, w, { method: 'electronic', balance: 0 });
    expect((await mySubscription(app, c.token, c.subscription.id)).can_chat).toBe(false);
  });

  const api = (method: 'POST', path: string, token: string) =>
    app.inject({ method, url: `/api/user${path}`, headers: { lang: 'en', authorization: `Bearer ${token}` } });
});
