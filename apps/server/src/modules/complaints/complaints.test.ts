/**
 * Complaints and inquiries: filing (about one of my orders or not, images through the uploads
 * pipeline, bilingual field errors), every move of the machine by its actor and state (409
 * otherwise, in the asker's language), a customer sees only their own (404), the notices
 * (`new` to admins, `complaint_reply` to the customer), the inbox's filters, the permissions, and
 * the dashboard's month figures (open complaints, median time to first reply).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makeAdmin, makeRole, makeUser, tables } from '@pool/db';
import type { AdminComplaintDetail, AdminComplaintItem, ComplaintDetail, ComplaintItem } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { issueAdminToken } from '../../lib/sessions.ts';
import { adminCall, expectFields, expectOk, expectStatus, imageForm, t } from '../admin-content/testing.ts';
import { customer } from '../orders/testing.ts';
import { openSse } from '../realtime/testing.ts';

type Page<T> = { data: T[]; pagination: { total_items: number } };
type Inbox = Page<AdminComplaintItem> & { counts: Record<string, number> };

let seq = 0;
async function orderOf(app: TestApp, userId: number, kind: 'store' | 'immediate_maintenance' = 'store') {
  const [order] = await app.db
    .insert(tables.orders)
    .values({
      kind,
      number: `C-${Date.now()}-${++seq}`,
      userId,
      status: 'new',
      paymentMethod: 'electronic',
      taxRate: 1500,
      total: 10_000,
    })
    .returning();
  return order!;
}

async function admin(app: TestApp, permissions?: string[], name?: string) {
  const role = permissions ? await makeRole(app.db, { permissions }) : undefined;
  const row = await makeAdmin(app.db, {
    passwordHash: 'x',
    isSuper: !permissions,
    roleId: role?.id,
    ...(name ? { name } : {}),
  });
  return { id: row.id, token: await issueAdminToken(app.db, row.id) };
}

const TEXT = 'وصل الطلب ناقصاً ولم تصل مضخة الفلتر';

describe('complaints and inquiries', () => {
  let app: TestApp;
  let boss: { id: number; token: string };
  let sara: Awaited<ReturnType<typeof customer>>;
  let other: Awaited<ReturnType<typeof customer>>;

  beforeAll(async () => {
    app = await buildTestApp();
    boss = await admin(app, undefined, 'Boss');
    sara = await customer(app, { name: 'سارة' });
    other = await customer(app);
  });
  afterAll(() => app.close());

  const user = (
    method: 'GET' | 'POST',
    path: string,
    token: string | undefined,
    body?: object,
    lang: 'ar' | 'en' = 'ar',
  ) => adminCall(app, method, `/api/user${path}`, { token, body, lang });

  async function file(body: object, token = sara.token) {
    return expectOk<ComplaintDetail>(await user('POST', '/complaints', token, body), 'complaints.filed');
  }
  async function upload(token = sara.token) {
    const res = await adminCall(app, 'POST', '/api/user/complaint-images', {
      token,
      form: await imageForm({}),
    });
    return expectOk<{ url: string; thumbnail: string }>(res, 'complaints.image_saved');
  }
  const adminMove = (id: number, move: string, token = boss.token, body?: object, lang: 'ar' | 'en' = 'ar') =>
    adminCall(app, 'POST', `/complaints/${id}/${move}`, { token, body, lang });

  it('files an inquiry and a complaint about my order with images; admins who see complaints are told', async () => {
    const viewer = await admin(app, ['complaints.view']);
    const blind = await admin(app, ['orders.view']);
    const order = await orderOf(app, sara.user.id);
    const image = await upload();
    expect(image.url).toMatch(/complaints/);

    const inquiry = await file({ kind: 'inquiry', text: 'متى يبدأ موسم عروض الصيف؟' });
    expect(inquiry).toMatchObject({ kind: 'inquiry', status: 'open', order: null, replies: [], can_reply: false });
    const complaint = await file({ kind: 'complaint', text: TEXT, order_id: order.id, images: [image.url] });
    expect(complaint).toMatchObject({
      kind: 'complaint',
      status: 'open',
      text: TEXT,
      order: { id: order.id, number: order.number, kind: 'store' },
      promised_fix_date: null,
      can_reply: false,
      can_close: false,
    });
    expect(complaint.images).toEqual([{ url: image.url, thumbnail: expect.any(String) }]);

    const notices = await app.db
      .select()
      .from(tables.notifications)
      .where(
        and(eq(tables.notifications.type, 'new'), eq(tables.notifications.link, `/admin/complaints/${complaint.id}`)),
      );
    const told = notices.map((n) => n.adminId);
    expect(told).toEqual(expect.arrayContaining([boss.id, viewer.id]));
    expect(told).not.toContain(blind.id);
    expect(notices[0]).toMatchObject({ titleEn: 'A new complaint', titleAr: 'شكوى جديدة' });
    expect(notices[0]!.bodyEn).toContain(`#${complaint.id}`);

    const mine = expectOk<Page<ComplaintItem>>(await user('GET', '/complaints', sara.token));
    expect(mine.data.map((c) => [c.id, c.kind, c.status])).toEqual([
      [complaint.id, 'complaint', 'open'],
      [inquiry.id, 'inquiry', 'open'],
    ]);
    expect(mine.data[0]!.excerpt).toBe(TEXT);
    expect(expectOk<Page<ComplaintItem>>(await user('GET', '/complaints', other.token)).data).toEqual([]);
  });

  it('refuses bad input field by field in Arabic and English, and changes nothing', async () => {
    const before = (await app.db.select().from(tables.complaints)).length;
    const foreign = await orderOf(app, other.user.id);
    for (const lang of ['ar', 'en'] as const) {
      const send = (body: object) => user('POST', '/complaints', sara.token, body, lang);
      expectFields(await send({}), { kind: 'validation.required', text: 'validation.required' }, lang);
      expectFields(
        await send({ kind: 'grievance', text: 'قصير', images: ['a', 'b', 'c', 'd', 'e'] }),
        {
          kind: 'validation.invalid',
          text: ['validation.min_chars', { min: 10 }],
          images: ['complaints.too_many_images', { max: 4 }],
        },
        lang,
      );
      expectFields(
        await send({ kind: 'inquiry', text: 'x'.repeat(2001) }),
        {
          text: ['validation.max_chars', { max: 2000 }],
        },
        lang,
      );
      expectFields(
        await send({ kind: 'complaint', text: TEXT, order_id: foreign.id }),
        {
          order_id: 'complaints.order_not_yours',
        },
        lang,
      );
      expectFields(
        await send({ kind: 'complaint', text: TEXT, order_id: 'abc' }),
        { order_id: 'validation.invalid' },
        lang,
      );
      // An image that the uploads pipeline did not store for complaints.
      expectFields(
        await send({ kind: 'complaint', text: TEXT, images: ['https://evil.example/x.png'] }),
        {
          'images.0': 'validation.invalid',
        },
        lang,
      );
    }
    expectFields(
      await adminCall(app, 'POST', '/api/user/complaint-images', {
        token: sara.token,
        form: await imageForm({}, false),
      }),
      { image: 'validation.required' },
    );
    expect((await app.db.select().from(tables.complaints)).length).toBe(before);
  });

  it('runs the machine: take, answer, the customer replies, answer again, promise, the customer closes', async () => {
    const c = await file({ kind: 'complaint', text: TEXT });
    // Nothing skips a state: no answer before it is taken, no customer move before an answer.
    for (const lang of ['ar', 'en'] as const) {
      const res = await adminMove(c.id, 'reply', boss.token, { text: 'تم' }, lang);
      expectStatus(res, 409, 'fail');
      expect(res.json().msg).toBe(t(lang, 'complaints.cannot_admin_reply'));
      const early = await user('POST', `/complaints/${c.id}/reply`, sara.token, { text: 'مرحباً' }, lang);
      expectStatus(early, 409, 'fail');
      expect(early.json().msg).toBe(t(lang, 'complaints.cannot_customer_reply'));
      expectStatus(await user('POST', `/complaints/${c.id}/close`, sara.token, {}, lang), 409, 'fail');
    }
    expectStatus(await adminMove(c.id, 'promise', boss.token, { promised_fix_date: '2099-01-01' }), 409, 'fail');
    expectStatus(await adminMove(c.id, 'close'), 409, 'fail');

    const taken = expectOk<AdminComplaintDetail>(await adminMove(c.id, 'take'), 'complaints.taken');
    expect(taken).toMatchObject({ status: 'in_review', assignee: { id: boss.id, name: 'Boss' }, can_take: false });

    const answered = expectOk<AdminComplaintDetail>(
      await adminMove(c.id, 'reply', boss.token, { text: 'نعتذر، سنرسل المضخة غداً' }),
      'complaints.answered',
    );
    expect(answered).toMatchObject({ status: 'answered', can_reply: true, can_close: true });
    expect(answered.first_reply_at).not.toBeNull();
    expect(answered.replies).toEqual([
      expect.objectContaining({ author: 'admin', author_name: 'Boss', text: 'نعتذر، سنرسل المضخة غداً' }),
    ]);
    const [notice] = await app.db
      .select()
      .from(tables.notifications)
      .where(and(eq(tables.notifications.userId, sara.user.id), eq(tables.notifications.type, 'complaint_reply')));
    expect(notice).toMatchObject({
      link: `/more/complaints_inquiries/${c.id}`,
      orderId: null,
      titleAr: t('ar', 'events.complaint_reply_title'),
      data: { complaint_id: c.id, reply_id: answered.replies[0]!.id },
    });
    // The customer's notifications list opens the complaint.
    const list = expectOk<{ notifications: { data: { link: string | null; type: string }[] } }>(
      await user('GET', '/notifications', sara.token),
    );
    expect(list.notifications.data.find((n) => n.type === 'complaint_reply')?.link).toBe(
      `/more/complaints_inquiries/${c.id}`,
    );

    // The customer reads the answer (the management's name, not the admin's) and replies.
    const read = expectOk<ComplaintDetail>(
      await user('GET', `/complaints/${c.id}`, sara.token, undefined, 'en'),
      'server.success',
      'en',
    );
    expect(read).toMatchObject({ status: 'answered', can_reply: true, can_close: true });
    expect(read.replies[0]).toMatchObject({ author: 'admin', author_name: 'Masabeh management' });
    const back = expectOk<ComplaintDetail>(
      await user('POST', `/complaints/${c.id}/reply`, sara.token, { text: 'لم تصل بعد' }),
      'complaints.replied',
    );
    expect(back).toMatchObject({ status: 'in_review', can_reply: false, can_close: false });
    expect(back.replies.map((r) => r.author)).toEqual(['admin', 'customer']);
    const toldBoss = await app.db
      .select()
      .from(tables.notifications)
      .where(
        and(eq(tables.notifications.adminId, boss.id), eq(tables.notifications.link, `/admin/complaints/${c.id}`)),
      );
    expect(toldBoss.map((n) => n.titleEn)).toContain('The customer replied');

    const again = expectOk<AdminComplaintDetail>(
      await adminMove(c.id, 'reply', boss.token, { text: 'خرجت المضخة مع المندوب' }),
      'complaints.answered',
    );
    expect(again.first_reply_at).toBe(answered.first_reply_at);
    expect(again.status).toBe('answered');

    for (const lang of ['ar', 'en'] as const)
      expectFields(
        await adminMove(c.id, 'promise', boss.token, { promised_fix_date: '2020-01-01' }, lang),
        {
          promised_fix_date: 'complaints.promise_past',
        },
        lang,
      );
    expectFields(await adminMove(c.id, 'promise', boss.token, { promised_fix_date: '2099-02-30' }), {
      promised_fix_date: 'validation.invalid',
    });
    const promised = expectOk<AdminComplaintDetail>(
      await adminMove(c.id, 'promise', boss.token, { promised_fix_date: '2099-03-01' }),
      'complaints.promised',
    );
    expect(promised).toMatchObject({ promised_fix_date: '2099-03-01', status: 'answered' });

    const closed = expectOk<ComplaintDetail>(
      await user('POST', `/complaints/${c.id}/close`, sara.token),
      'complaints.closed',
    );
    expect(closed).toMatchObject({ status: 'closed', closed_by: 'customer', can_reply: false, can_close: false });
    expect(closed.closed_at).not.toBeNull();
    // Closed is the end.
    for (const [res] of [
      [await user('POST', `/complaints/${c.id}/reply`, sara.token, { text: 'مرة أخرى' })],
      [await user('POST', `/complaints/${c.id}/close`, sara.token)],
      [await adminMove(c.id, 'reply', boss.token, { text: 'رد' })],
      [await adminMove(c.id, 'take')],
      [await adminMove(c.id, 'close')],
    ]) {
      expectStatus(res!, 409, 'fail');
      expect(res!.json().msg).toBe(t('ar', 'complaints.already_closed'));
    }
  });

  it('an admin assigns to one who may answer, and closes what was taken', async () => {
    const agent = await admin(app, ['complaints.view', 'complaints.reply'], 'Agent');
    const viewer = await admin(app, ['complaints.view']);
    const c = await file({ kind: 'inquiry', text: 'هل تبيعون مضخات حرارية؟' });
    const names = expectOk<{ id: number; name: string }[]>(
      await adminCall(app, 'GET', '/complaints/assignees', { token: boss.token }),
    );
    expect(names.map((n) => n.id)).toEqual(expect.arrayContaining([boss.id, agent.id]));
    expect(names.map((n) => n.id)).not.toContain(viewer.id);

    expectFields(await adminMove(c.id, 'assign', boss.token, { admin_id: viewer.id }), {
      admin_id: 'complaints.assignee_invalid',
    });
    expectFields(await adminMove(c.id, 'assign', boss.token, {}), { admin_id: 'validation.required' });
    const assigned = expectOk<AdminComplaintDetail>(
      await adminMove(c.id, 'assign', boss.token, { admin_id: agent.id }),
      'complaints.assigned',
    );
    expect(assigned).toMatchObject({ status: 'in_review', assignee: { id: agent.id, name: 'Agent' } });
    const told = await app.db
      .select()
      .from(tables.notifications)
      .where(
        and(eq(tables.notifications.adminId, agent.id), eq(tables.notifications.link, `/admin/complaints/${c.id}`)),
      );
    // Told of the new inquiry (it sees complaints), then that it is theirs.
    expect(told.map((n) => [n.type, n.titleEn])).toEqual([
      ['new', 'A new inquiry'],
      ['new', 'A complaint assigned to you'],
    ]);

    const closed = expectOk<AdminComplaintDetail>(await adminMove(c.id, 'close'), 'complaints.closed');
    expect(closed).toMatchObject({ status: 'closed', closed_by: 'admin', first_reply_at: null });
    const seen = expectOk<ComplaintDetail>(await user('GET', `/complaints/${c.id}`, sara.token));
    expect(seen).toMatchObject({ status: 'closed', closed_by: 'admin' });
  });

  it("a customer sees only their own: another's answers 404 everywhere; signed out 401", async () => {
    const c = await file({ kind: 'complaint', text: TEXT });
    expectOk(await adminMove(c.id, 'take'), 'complaints.taken');
    expectOk(await adminMove(c.id, 'reply', boss.token, { text: 'تم' }), 'complaints.answered');
    for (const [method, path, body] of [
      ['GET', `/complaints/${c.id}`, undefined],
      ['POST', `/complaints/${c.id}/reply`, { text: 'ليست لي' }],
      ['POST', `/complaints/${c.id}/close`, undefined],
      ['GET', '/complaints/999999', undefined],
    ] as const) {
      expectStatus(await user(method, path, other.token, body), 404, 'notFound');
      expectStatus(await user(method, path, undefined, body), 401, 'unauthenticated');
    }
    expectStatus(await user('GET', '/complaints', undefined), 401, 'unauthenticated');
    expectStatus(
      await user('POST', '/complaints', boss.token, { kind: 'inquiry', text: TEXT }),
      401,
      'unauthenticated',
    );
    expectStatus(await adminCall(app, 'GET', '/complaints/999999', { token: boss.token }), 404, 'notFound');
    expectStatus(await adminMove(999999, 'take'), 404, 'notFound');
    // Nothing moved.
    expect(expectOk<ComplaintDetail>(await user('GET', `/complaints/${c.id}`, sara.token)).status).toBe('answered');
  });

  it('filters the inbox by kind, state, order kind, age and mine, with the count of each state', async () => {
    // A fresh customer's complaints, found by id among everyone's.
    const them = await customer(app, { name: 'Filter' });
    const tag = them.user;
    const storeOrder = await orderOf(app, tag.id, 'store');
    const serviceOrder = await orderOf(app, tag.id, 'immediate_maintenance');
    const a1 = await file({ kind: 'complaint', text: TEXT, order_id: storeOrder.id }, them.token);
    const a2 = await file({ kind: 'complaint', text: TEXT, order_id: serviceOrder.id }, them.token);
    const a3 = await file({ kind: 'inquiry', text: 'سؤال عن الأسعار والعروض' }, them.token);
    await app.db
      .update(tables.complaints)
      .set({ createdAt: new Date(Date.now() - 4 * 86_400_000) })
      .where(eq(tables.complaints.id, a1.id));
    expectOk(await adminMove(a2.id, 'take'), 'complaints.taken');

    const ids = async (query: Record<string, string>) =>
      expectOk<Inbox>(await adminCall(app, 'GET', '/complaints', { token: boss.token, query }))
        .data.map((c) => c.id)
        .filter((id) => [a1.id, a2.id, a3.id].includes(id));
    expect(await ids({})).toEqual([a3.id, a2.id, a1.id]);
    expect(await ids({ kind: 'inquiry' })).toEqual([a3.id]);
    expect(await ids({ kind: 'complaint', status: 'open' })).toEqual([a1.id]);
    expect(await ids({ status: 'in_review' })).toEqual([a2.id]);
    expect(await ids({ order_kind: 'store' })).toEqual([a1.id]);
    expect(await ids({ order_kind: 'immediate_maintenance' })).toEqual([a2.id]);
    expect(await ids({ order_kind: 'none' })).toEqual([a3.id]);
    expect(await ids({ age: '3d' })).toEqual([a1.id]);
    expect(await ids({ age: '7d' })).toEqual([]);
    expect(await ids({ mine: '1' })).toEqual([a2.id]);
    expect(await ids({ kind: '', status: '', age: '' })).toEqual([a3.id, a2.id, a1.id]);

    const inbox = expectOk<Inbox>(await adminCall(app, 'GET', '/complaints', { token: boss.token }));
    const rows = await app.db.select().from(tables.complaints);
    expect(inbox.counts).toEqual({
      open: rows.filter((r) => r.status === 'open').length,
      in_review: rows.filter((r) => r.status === 'in_review').length,
      answered: rows.filter((r) => r.status === 'answered').length,
      closed: rows.filter((r) => r.status === 'closed').length,
    });
    const row = inbox.data.find((c) => c.id === a2.id)!;
    expect(row).toMatchObject({
      customer: { id: tag.id, name: 'Filter' },
      assignee: { id: boss.id },
      order: { id: serviceOrder.id, kind: 'immediate_maintenance' },
    });
    for (const lang of ['ar', 'en'] as const)
      expectFields(
        await adminCall(app, 'GET', '/complaints', {
          token: boss.token,
          lang,
          query: { kind: 'x', status: 'y', order_kind: 'z', age: '2d' },
        }),
        {
          kind: 'validation.invalid',
          status: 'validation.invalid',
          order_kind: 'validation.invalid',
          age: 'validation.invalid',
        },
        lang,
      );
  });

  it("signals the customer's open page on each move of the management, also a promised date alone", async () => {
    const filer = await customer(app);
    const c = await file({ kind: 'complaint', text: TEXT }, filer.token);
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;
    const mine = await openSse(`${origin}/user/notifications/stream`, { authorization: `Bearer ${filer.token}` });
    const others = await openSse(`${origin}/user/notifications/stream`, { authorization: `Bearer ${other.token}` });
    try {
      await mine.next('ready');
      await others.next('ready');
      const signal = { complaint_id: c.id };
      expectOk(await adminMove(c.id, 'take'), 'complaints.taken');
      expect((await mine.next('complaint')).data).toEqual(signal);
      expectOk(await adminMove(c.id, 'reply', boss.token, { text: 'نعمل عليها' }), 'complaints.answered');
      expect((await mine.next('complaint')).data).toEqual(signal);
      expectOk(
        await adminMove(c.id, 'promise', boss.token, { promised_fix_date: '2099-01-01' }),
        'complaints.promised',
      );
      expect((await mine.next('complaint')).data).toEqual(signal);
      // A refused move changes nothing and signals nothing: the next signal is the close's, the fourth.
      expect((await adminMove(c.id, 'promise', boss.token, { promised_fix_date: '2020-01-01' })).statusCode).toBe(422);
      expectOk(await adminMove(c.id, 'close'), 'complaints.closed');
      expect((await mine.next('complaint')).data).toEqual(signal);
      expect(mine.raw().split('event: complaint').length - 1).toBe(4);
      // Another customer never hears of it.
      expect(others.raw()).not.toContain('event: complaint');
    } finally {
      mine.close();
      others.close();
    }
  });

  it('enforces the permissions: 401 without an admin, 403 without the permission, each permission opens its routes', async () => {
    const c = await file({ kind: 'complaint', text: TEXT });
    const agent = await admin(app, ['complaints.reply']);
    const routes = [
      ['GET', '/complaints', 'complaints.view', undefined],
      ['GET', `/complaints/${c.id}`, 'complaints.view', undefined],
      ['GET', '/complaints/assignees', 'complaints.assign', undefined],
      ['POST', `/complaints/${c.id}/take`, 'complaints.reply', undefined],
      ['POST', `/complaints/${c.id}/assign`, 'complaints.assign', { admin_id: agent.id }],
      ['POST', `/complaints/${c.id}/reply`, 'complaints.reply', { text: 'رد الإدارة' }],
      ['POST', `/complaints/${c.id}/promise`, 'complaints.reply', { promised_fix_date: '2099-01-01' }],
      ['POST', `/complaints/${c.id}/close`, 'complaints.close', undefined],
    ] as const;
    const without = await admin(app, ['orders.view', 'orders.edit']);
    for (const [method, path, permission, body] of routes) {
      for (const token of [undefined, sara.token])
        expectStatus(await adminCall(app, method, path, { token, body }), 401, 'unauthenticated');
      expectStatus(await adminCall(app, method, path, { token: without.token, body }), 403, 'forbidden');
      const others = await admin(
        app,
        ['complaints.view', 'complaints.assign', 'complaints.reply', 'complaints.close'].filter(
          (p) => p !== permission,
        ),
      );
      expectStatus(await adminCall(app, method, path, { token: others.token, body }), 403, 'forbidden');
    }
    // In the machine's order, each route with its permission alone.
    for (const [method, path, permission, body] of routes) {
      const { token } = await admin(app, [permission]);
      expect((await adminCall(app, method, path, { token, body })).statusCode, `${method} ${path}`).toBe(200);
    }
  });
});

describe('the dashboard month summary of complaints', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('counts complaints waiting for the management and the median minutes to the first reply this month', async () => {
    const { id: userId } = await makeUser(app.db);
    const minutes = (n: number) => n * 60_000;
    const now = Date.now();
    const lastYear = new Date(now - 400 * 86_400_000);
    const at = (ago: number) => new Date(now - ago);
    const row = (status: string, createdAt: Date, firstReply: number | null) => ({
      userId,
      kind: 'complaint' as const,
      body: TEXT,
      status: status as 'open',
      createdAt,
      firstReplyAt: firstReply === null ? null : new Date(createdAt.getTime() + firstReply),
    });
    const viewer = await admin(app, ['dashboard.view']);
    const get = async () =>
      expectOk<{ open_complaints: number; median_first_reply_minutes: number | null }>(
        await adminCall(app, 'GET', '/dashboard', { token: viewer.token }),
      );
    expect(await get()).toMatchObject({ open_complaints: 0, median_first_reply_minutes: null });

    // Filed within the hour (this month whatever the day), answered after 10, 30, 50 and 240 minutes.
    await app.db.insert(tables.complaints).values([
      row('open', at(minutes(5)), null),
      row('in_review', at(minutes(20)), null),
      row('in_review', at(minutes(1)), minutes(10)),
      row('answered', at(minutes(2)), minutes(30)),
      row('closed', at(minutes(3)), minutes(50)),
      row('answered', at(minutes(4)), minutes(240)),
      // Last year's: waiting still counts, its reply time is not this month's.
      row('open', lastYear, null),
      row('closed', lastYear, minutes(1)),
    ]);
    expect(await get()).toMatchObject({ open_complaints: 4, median_first_reply_minutes: 40 });
  });
});
