/**
 * The chat of a service order: the customer, the staff member assigned and the admins who see
 * orders read and write one thread; everyone else and every store order get 404; messages are
 * checked (text or images, at most 2,000 characters and 4 images) with nothing written on refusal;
 * read marks; `new_message` to the participants not viewing, never to the sender; read-only 14
 * days after the order ends; the live `chat` event on the notification streams.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { makeAdmin, makeRole, makeStaff, tables } from '@pool/db';
import type { ChatMessageItem, ChatThread, OrderKind } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { adminToken, multipart, png } from '../admin-content/testing.ts';
import { customer, ok } from '../orders/testing.ts';
import { nextOrderId, orderNumber } from '../orders/kernel/transition.ts';
import { issueStaffToken } from '../staff/sessions.ts';
import { issueAdminToken } from '../../lib/sessions.ts';
import { openSse } from '../realtime/testing.ts';

const DAY = 86_400_000;
const n = tables.notifications;
const cm = tables.chatMessages;

describe('order chat', () => {
  let app: TestApp;
  let editor = '';
  let viewerOnly = '';
  let editorId = 0;

  beforeAll(async () => {
    app = await buildTestApp();
    const role = await makeRole(app.db, { permissions: ['orders.view', 'orders.edit'] });
    editorId = (await makeAdmin(app.db, { passwordHash: 'unused', roleId: role.id, name: 'ريم من خدمة العملاء' })).id;
    editor = await issueAdminToken(app.db, editorId);
    viewerOnly = await adminToken(app, ['orders.view']);
  });
  afterAll(() => app.close());

  /** An order of `kind` of a new customer, with a new technician assigned; `closedDaysAgo`: ended then. */
  async function serviceOrder(o: { kind?: OrderKind; closedDaysAgo?: number; staff?: boolean } = {}) {
    const kind = o.kind ?? 'immediate_maintenance';
    const buyer = await customer(app, { name: 'سارة العميلة' });
    const tech = o.staff === false ? null : await makeStaff(app.db, { name: 'فهد الفني' });
    const id = await nextOrderId(app.db);
    const closedAt = o.closedDaysAgo === undefined ? null : new Date(Date.now() - o.closedDaysAgo * DAY);
    const [order] = await app.db
      .insert(tables.orders)
      .values({
        id,
        kind,
        number: orderNumber(kind, id, new Date()),
        userId: buyer.user.id,
        staffId: tech?.id ?? null,
        status: closedAt ? 'completed' : 'technician_assigned',
        paymentMethod: 'wallet',
        taxRate: 1500,
        total: 23_000,
        closedAt,
      })
      .returning();
    return {
      order: order!,
      buyer,
      tech,
      techToken: tech ? await issueStaffToken(app.db, tech.id, 'web') : '',
    };
  }

  type Who = 'user' | 'staff' | 'admin';
  const base = (who: Who, id: number) =>
    who === 'user'
      ? `/api/user/orders/${id}/chat`
      : who === 'staff'
        ? `/api/staff/orders/${id}/chat`
        : `/api/admin/service-orders/${id}/chat`;
  const call = (
    method: 'GET' | 'POST',
    who: Who,
    id: number,
    token: string,
    o: { suffix?: string; body?: object; lang?: string; query?: Record<string, string> } = {},
  ) =>
    app.inject({
      method,
      url: `${base(who, id)}${o.suffix ?? ''}`,
      query: o.query,
      headers: { lang: o.lang ?? 'ar', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(o.body ? { payload: o.body } : {}),
    });
  const send = async (who: Who, id: number, token: string, text: string, images: string[] = []) =>
    ok<{ message: ChatMessageItem }>(await call('POST', who, id, token, { body: { text, images } }));
  const thread = async (who: Who, id: number, token: string, query?: Record<string, string>) =>
    ok<ChatThread>(await call('GET', who, id, token, { query, lang: 'en' }));
  const messagesOf = async (orderId: number) =>
    (await app.db.select({ total: count() }).from(cm).where(eq(cm.orderId, orderId)))[0]!.total;
  const newMessageRows = (orderId: number) =>
    app.db
      .select()
      .from(n)
      .where(and(eq(n.type, 'new_message'), eq(n.titleEn, 'A new message')))
      .then((rows) => rows.filter((r) => (r.data as { order_id?: number } | null)?.order_id === orderId));

  it('lets the customer, the staff assigned and admins read and write one thread, newest last', async () => {
    const { order, buyer, tech, techToken } = await serviceOrder();
    const first = await send('user', order.id, buyer.token, 'المضخة لا تعمل منذ الصباح');
    expect(first.message).toMatchObject({ sender: 'customer', mine: true, read: false, sender_name: 'سارة العميلة' });
    await send('staff', order.id, techToken, 'On my way, 20 minutes.');
    await send('admin', order.id, editor, 'We are following your order.');

    const mine = await thread('user', order.id, buyer.token);
    expect(mine.order).toMatchObject({ id: order.id, number: order.number, kind: 'immediate_maintenance' });
    expect(mine.me).toBe('customer');
    expect(mine.messages.map((m) => [m.sender, m.mine])).toEqual([
      ['customer', true],
      ['staff', false],
      ['admin', false],
    ]);
    expect(mine.messages[1]).toMatchObject({ sender_name: 'فهد الفني', text: 'On my way, 20 minutes.' });
    expect(mine.participants.map((p) => [p.role, p.job])).toEqual([
      ['staff', 'technician'],
      ['admin', null],
    ]);
    expect(mine).toMatchObject({ read_only: false, read_only_at: null, has_more: false });

    const staffView = await thread('staff', order.id, techToken);
    expect(staffView.me).toBe('staff');
    expect(staffView.messages.map((m) => m.mine)).toEqual([false, true, false]);
    expect(staffView.participants.find((p) => p.role === 'customer')?.name).toBe('سارة العميلة');
    expect(tech).not.toBeNull();

    // An admin who may only view reads it but cannot write.
    expect((await thread('admin', order.id, viewerOnly)).messages).toHaveLength(3);
    const refused = await call('POST', 'admin', order.id, viewerOnly, { body: { text: 'x' } });
    expect(refused.statusCode).toBe(403);
    expect(await messagesOf(order.id)).toBe(3);
  });

  it('answers 404 to other customers, other staff, store orders and unknown orders; 401/403 without the right to', async () => {
    const { order } = await serviceOrder();
    const stranger = await customer(app);
    const otherTech = await makeStaff(app.db);
    const otherToken = await issueStaffToken(app.db, otherTech.id, 'web');
    for (const [who, token] of [
      ['user', stranger.token],
      ['staff', otherToken],
    ] as const) {
      expect((await call('GET', who, order.id, token)).statusCode).toBe(404);
      const post = await call('POST', who, order.id, token, { body: { text: 'hello' } });
      expect(post.statusCode).toBe(404);
      expect(post.json().key).toBe('notFound');
      expect((await call('POST', who, order.id, token, { suffix: '/read' })).statusCode).toBe(404);
    }
    // A store order has no chat, even for its own customer and for a super admin.
    const store = await serviceOrder({ kind: 'store', staff: false });
    expect((await call('GET', 'user', store.order.id, store.buyer.token)).statusCode).toBe(404);
    expect((await call('GET', 'admin', store.order.id, await adminToken(app))).statusCode).toBe(404);
    expect((await call('GET', 'admin', 999_999, editor)).statusCode).toBe(404);
    // A pool construction and a subscription have one.
    for (const kind of ['pool_construction', 'package_subscription'] as const) {
      const other = await serviceOrder({ kind });
      ok(await call('POST', 'user', other.order.id, other.buyer.token, { body: { text: 'مرحبا' } }));
    }
    expect((await call('GET', 'user', order.id, '')).statusCode).toBe(401);
    const noOrders = await adminToken(app, ['users.view']);
    expect((await call('GET', 'admin', order.id, noOrders)).statusCode).toBe(403);
    expect(await messagesOf(order.id)).toBe(0);
  });

  it('refuses an empty message, more than 2,000 characters or 4 images, and foreign images, with field errors; nothing is written', async () => {
    const { order, buyer } = await serviceOrder();
    const post = (body: object, lang = 'en') => call('POST', 'user', order.id, buyer.token, { body, lang });

    const empty = await post({ text: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().data).toEqual({ text: 'Write a message or attach an image' });
    const emptyAr = await post({}, 'ar');
    expect(emptyAr.json().data).toEqual({ text: 'اكتب رسالة أو أرفق صورة' });

    const long = await post({ text: 'م'.repeat(2001) });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().data)).toEqual(['text']);
    ok(await post({ text: 'م'.repeat(2000) }));

    const url = (await uploadAs('user', order.id, buyer.token)).url;
    const five = await post({ text: 'صور', images: [url, url, url, url, url] });
    expect(five.statusCode).toBe(422);
    expect(five.json().data).toEqual({ images: 'You can attach at most 4 images to one message' });
    const foreign = await post({ images: ['https://evil.example/x.png'] });
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json().data)).toEqual(['images.0']);
    const wrongType = await post({ text: { a: 1 } });
    expect(wrongType.statusCode).toBe(422);

    expect(await messagesOf(order.id)).toBe(1);
    const four = await post({ images: [url, url, url, url] });
    expect(ok<{ message: ChatMessageItem }>(four).message.images).toHaveLength(4);
  });

  async function uploadAs(who: Who, id: number, token: string) {
    const form = multipart({}, { image: { filename: 'photo.png', type: 'image/png', data: await png(40) } });
    const res = await app.inject({
      method: 'POST',
      url: `${base(who, id)}/images`,
      headers: { lang: 'en', authorization: `Bearer ${token}`, ...form.headers },
      payload: form.payload,
    });
    return ok<{ url: string; thumbnail: string }>(res);
  }

  it('takes images uploaded by the customer, the staff member and an admin', async () => {
    const { order, buyer, techToken } = await serviceOrder();
    const a = await uploadAs('user', order.id, buyer.token);
    expect(a.url).toMatch(/^\/uploads\/chat\/[0-9a-f]{32}\.(jpg|png)$/);
    expect(a.thumbnail).toMatch(/-320\.webp$/);
    const b = await uploadAs('staff', order.id, techToken);
    const c = await uploadAs('admin', order.id, editor);
    const sent = await send('staff', order.id, techToken, '', [b.url, a.url, c.url]);
    expect(sent.message.images.map((i) => i.url)).toEqual([b.url, a.url, c.url]);
    expect(sent.message.text).toBe('');
    expect((await app.inject({ method: 'GET', url: a.url })).statusCode).toBe(200);
    // No file: a field error.
    const noFile = multipart({ x: '1' });
    const none = await app.inject({
      method: 'POST',
      url: `${base('user', order.id)}/images`,
      headers: { lang: 'en', authorization: `Bearer ${buyer.token}`, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().data).toEqual({ image: 'This field is required' });
  });

  it('turns read-only 14 days after the order ended, keeping its history', async () => {
    const recent = await serviceOrder({ closedDaysAgo: 13 });
    const t13 = await thread('user', recent.order.id, recent.buyer.token);
    expect(t13.read_only).toBe(false);
    expect(new Date(t13.read_only_at!).getTime()).toBeGreaterThan(Date.now());
    await send('user', recent.order.id, recent.buyer.token, 'شكرًا لكم');

    const old = await serviceOrder({ closedDaysAgo: 15 });
    await app.db
      .insert(cm)
      .values({ orderId: old.order.id, sender: 'customer', userId: old.buyer.user.id, body: 'قديم' });
    const closed = await call('POST', 'user', old.order.id, old.buyer.token, { body: { text: 'hello' }, lang: 'en' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({
      key: 'fail',
      msg: 'This chat is read-only: the order ended more than 14 days ago',
    });
    for (const who of ['staff', 'admin'] as const) {
      const token = who === 'staff' ? old.techToken : editor;
      expect((await call('POST', who, old.order.id, token, { body: { text: 'x' } })).statusCode).toBe(409);
    }
    const form = multipart({}, { image: { filename: 'p.png', type: 'image/png', data: await png() } });
    const upload = await app.inject({
      method: 'POST',
      url: `${base('user', old.order.id)}/images`,
      headers: { authorization: `Bearer ${old.buyer.token}`, ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode).toBe(409);
    const history = await thread('user', old.order.id, old.buyer.token);
    expect(history).toMatchObject({ read_only: true });
    expect(history.messages.map((m) => m.text)).toEqual(['قديم']);
    // Reading still works.
    expect(
      ok<{ last_read_id: number }>(await call('POST', 'user', old.order.id, old.buyer.token, { suffix: '/read' })),
    ).toMatchObject({ last_read_id: history.messages[0]!.id });
  });

  it('keeps read marks per participant: the other side reading turns a message read', async () => {
    const { order, buyer, techToken } = await serviceOrder();
    const { message } = await send('user', order.id, buyer.token, 'هل ستصل اليوم؟');
    expect(message.read).toBe(false);
    // An admin reading counts as the other side too; here the technician reads.
    const staffSide = await thread('staff', order.id, techToken);
    expect(staffSide.last_read_id).toBe(0);
    const read = ok<{ last_read_id: number }>(
      await call('POST', 'staff', order.id, techToken, { suffix: '/read', body: { last_id: message.id + 100 } }),
    );
    expect(read.last_read_id).toBe(message.id);
    expect((await thread('user', order.id, buyer.token)).messages[0]!.read).toBe(true);
    // The sender's own mark is its message; a mark never moves back.
    expect((await thread('user', order.id, buyer.token)).last_read_id).toBe(message.id);
    ok(await call('POST', 'staff', order.id, techToken, { suffix: '/read', body: { last_id: 0 } }));
    expect((await thread('staff', order.id, techToken)).last_read_id).toBe(message.id);
    const bad = await call('POST', 'staff', order.id, techToken, {
      suffix: '/read',
      body: { last_id: 'x' },
      lang: 'en',
    });
    expect(bad.statusCode).toBe(422);
  });

  it('sends new_message to the other participants not viewing the thread, never to the sender', async () => {
    const { order, buyer, tech, techToken } = await serviceOrder();
    await send('user', order.id, buyer.token, 'السلام عليكم');
    let rows = await newMessageRows(order.id);
    expect(rows.filter((r) => r.userId !== null)).toEqual([]);
    expect(rows.filter((r) => r.staffId === tech!.id)).toHaveLength(1);
    const admins = rows.filter((r) => r.adminId !== null).map((r) => r.adminId);
    expect(admins).toContain(editorId);
    expect(rows.find((r) => r.staffId)).toMatchObject({
      titleAr: 'رسالة جديدة',
      orderId: order.id,
      link: `/staff/orders/${order.id}`,
    });
    expect(rows.find((r) => r.adminId)?.link).toBe(`/admin/service-orders/${order.id}`);

    // The technician answers: the customer is told, with the chat as its page; the technician is not.
    await send('staff', order.id, techToken, 'وعليكم السلام');
    rows = await newMessageRows(order.id);
    const toCustomer = rows.filter((r) => r.userId === buyer.user.id);
    expect(toCustomer).toHaveLength(1);
    expect(toCustomer[0]).toMatchObject({
      link: `/chat/chat_immediate_maintenance?id=${order.id}`,
      bodyAr: `رسالة جديدة على الطلب \u2066${order.number}\u2069.`,
      bodyEn: `A new message on order ${order.number}.`,
    });
    expect(rows.filter((r) => r.staffId === tech!.id)).toHaveLength(1);

    // The customer's open page (its heartbeat) counts as viewing: the next answer tells nobody on that side.
    ok(await call('POST', 'user', order.id, buyer.token, { suffix: '/read' }));
    await send('admin', order.id, editor, 'نحن معك');
    rows = await newMessageRows(order.id);
    expect(rows.filter((r) => r.userId === buyer.user.id)).toHaveLength(1);
    // The admin was told of the customer's and the technician's messages, not of its own.
    expect(rows.filter((r) => r.adminId === editorId)).toHaveLength(2);
    expect(rows.filter((r) => r.staffId === tech!.id)).toHaveLength(2);

    // Once the mark is older than the viewing window, the customer is told again.
    await app.db
      .update(tables.chatReads)
      .set({ updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(tables.chatReads.orderId, order.id));
    await send('staff', order.id, techToken, 'وصلت');
    expect((await newMessageRows(order.id)).filter((r) => r.userId === buyer.user.id)).toHaveLength(2);
    // Each event delivered once.
    const pending = await app.db.select().from(tables.outboxEvents).where(eq(tables.outboxEvents.type, 'chat.message'));
    expect(pending.every((e) => e.deliveredAt !== null)).toBe(true);
  });

  it('pages older messages with before, and newer ones with after', async () => {
    const { order, buyer } = await serviceOrder();
    await app.db.insert(cm).values(
      Array.from({ length: 35 }, (_, i) => ({
        orderId: order.id,
        sender: 'customer' as const,
        userId: buyer.user.id,
        body: `m${i + 1}`,
      })),
    );
    const first = await thread('user', order.id, buyer.token);
    expect(first.messages).toHaveLength(30);
    expect(first.messages.at(-1)!.text).toBe('m35');
    expect(first.has_more).toBe(true);
    const older = await thread('user', order.id, buyer.token, { before: String(first.messages[0]!.id) });
    expect(older.messages.map((m) => m.text)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(older.has_more).toBe(false);
    const newer = await thread('user', order.id, buyer.token, { after: String(first.messages.at(-3)!.id) });
    expect(newer.messages.map((m) => m.text)).toEqual(['m34', 'm35']);
    const bad = await call('GET', 'user', order.id, buyer.token, { query: { before: 'abc' }, lang: 'en' });
    expect(bad.statusCode).toBe(422);
  });

  it('tells the open pages live: a chat event on the customer’s stream for a new message and for a read', async () => {
    const { order, buyer, techToken } = await serviceOrder();
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const sse = await openSse(`http://127.0.0.1:${port}/api/user/notifications/stream?lang=en`, {
      authorization: `Bearer ${buyer.token}`,
    });
    try {
      await sse.next('count');
      const { message } = await send('staff', order.id, techToken, 'I am outside');
      expect((await sse.next('chat')).data).toEqual({ order_id: order.id, message_id: message.id });
      const mine = await send('user', order.id, buyer.token, 'Coming');
      await sse.next('chat');
      ok(await call('POST', 'staff', order.id, techToken, { suffix: '/read', body: { last_id: mine.message.id } }));
      expect((await sse.next('chat')).data).toEqual({ order_id: order.id, read: true });
    } finally {
      sse.close();
    }
  });

  it('sends the chat event to the staff member assigned and to admins who see orders (notifications.view or not), not to other admins', async () => {
    const { order, buyer, techToken } = await serviceOrder();
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const staffSse = await openSse(`${origin}/staff/notifications/stream`, bearer(techToken));
    const seeing = await openSse(
      `${origin}/admin/notifications/stream`,
      bearer(await adminToken(app, ['notifications.view', 'orders.view'])),
    );
    // orders.view alone: the chat's live signal, without the notifications.
    const reader = await openSse(
      `${origin}/admin/notifications/stream`,
      bearer(await adminToken(app, ['orders.view'])),
    );
    const blind = await openSse(
      `${origin}/admin/notifications/stream`,
      bearer(await adminToken(app, ['notifications.view'])),
    );
    const streams = [staffSse, seeing, reader, blind];
    try {
      expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200]);
      for (const s of streams) await s.next('ready');
      const { message } = await send('user', order.id, buyer.token, 'هل من جديد؟');
      const event = { order_id: order.id, message_id: message.id };
      expect((await staffSse.next('chat')).data).toEqual(event);
      expect((await seeing.next('chat')).data).toEqual(event);
      expect((await reader.next('chat')).data).toEqual(event);
      // The same notification carries on to the seeing admin; the other never gets the chat event.
      const note = await seeing.next('notification');
      expect(note.data).toMatchObject({
        type: 'new_message',
        body: `رسالة جديدة على الطلب \u2066${order.number}\u2069.`,
      });
      expect(blind.raw()).not.toContain('event: chat');
      // The reader was sent the stored notification too (admins who see orders), but his stream
      // carries neither it nor a count: they need notifications.view. (A later event first, so
      // anything sent before it has arrived.)
      ok(await call('POST', 'staff', order.id, techToken, { suffix: '/read', body: { last_id: message.id } }));
      expect((await reader.next('chat')).data).toEqual({ order_id: order.id, read: true });
      expect(reader.raw()).not.toContain('event: notification');
      expect(reader.raw()).not.toContain('event: count');
    } finally {
      for (const s of streams) s.close();
    }
  });
});
