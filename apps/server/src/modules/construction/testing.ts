/** Helpers for the pool-construction tests (not a test file itself). */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { makeCity, makeStaff, tables } from '@pool/db';
import type { ConstructionAdminDetail, ConstructionOrderDetail, StaffConstructionDetail } from '@pool/contracts';
import type { Lang } from '@pool/i18n';
import type { TestApp } from '../../testing/app.ts';
import { adminToken, multipart, png } from '../admin-content/testing.ts';
import { admin, api, customer, ok, OFFER } from '../maintenance/testing.ts';
import { issueStaffToken } from '../staff/sessions.ts';
import { credit } from '../wallet/index.ts';

export { admin, api, customer, ok, OFFER };

/** The prices the tests run with (halalas before VAT), as the seed's. */
export const PRICES = {
  surface_m2: 45_000,
  volume_m3: 15_000,
  options: { steps: 350_000, lighting: 480_000, heating: 1_200_000, cover: 950_000 },
  low_percent: 10,
  high_percent: 15,
};

/** A call to /api/staff<path>. */
export function staffCall(app: TestApp, method: 'GET' | 'POST', path: string, token: string, body?: object) {
  return app.inject({
    method,
    url: `/api/staff${path}`,
    headers: { lang: 'ar', authorization: `Bearer ${token}` },
    ...(body ? { payload: body } : {}),
  });
}

/** Uploads a PNG through a multipart route (`file`), answering the response. */
export async function upload(app: TestApp, url: string, token: string, field = 'file') {
  const form = multipart({}, { [field]: { filename: 'design.png', type: 'image/png', data: await png() } });
  return app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, lang: 'ar', ...form.headers },
    payload: form.payload,
  });
}

export type World = Awaited<ReturnType<typeof constructionWorld>>;

/**
 * A city (and another), a super admin, two engineers serving the city, one serving only the other
 * city, a technician; the catalogue (two design types and two colours active, one of each inactive)
 * and the prices; and steps to move an order along.
 */
export async function constructionWorld(app: TestApp) {
  const city = await makeCity(app.db, { nameAr: 'الرياض', nameEn: 'Riyadh' });
  const elsewhere = await makeCity(app.db, { nameAr: 'جدة', nameEn: 'Jeddah' });
  const boss = await adminToken(app);
  const staffIn = async (name: string, job: 'engineer' | 'technician', cityId: number) => {
    const s = await makeStaff(app.db, { name, job });
    await app.db.insert(tables.staffCities).values({ staffId: s.id, cityId });
    return { ...s, token: await issueStaffToken(app.db, s.id, 'web') };
  };
  const engineer = await staffIn('سلمان القحطاني', 'engineer', city.id);
  const otherEngineer = await staffIn('ماجد الحربي', 'engineer', city.id);
  const farEngineer = await staffIn('خالد الغامدي', 'engineer', elsewhere.id);
  const technician = await staffIn('فهد الدوسري', 'technician', city.id);

  const dt = tables.constructionDesignTypes;
  const [rectangle, kidney, hidden] = await app.db
    .insert(dt)
    .values([
      { shape: 'rectangle', nameAr: 'مستطيل', nameEn: 'Rectangle', image: '/img/r.svg', priceFactor: 100, sort: 2 },
      { shape: 'kidney', nameAr: 'كلية', nameEn: 'Kidney', image: '/img/k.svg', priceFactor: 125, sort: 1 },
      { shape: 'l_shape', nameAr: 'حرف L', nameEn: 'L-shape', image: '/img/l.svg', isActive: false },
    ])
    .returning();
  const cc = tables.constructionColours;
  const [white, ocean, retired] = await app.db
    .insert(cc)
    .values([
      { nameAr: 'أبيض', nameEn: 'White', hex: '#eef5f8', sort: 1 },
      { nameAr: 'أزرق محيطي', nameEn: 'Ocean blue', hex: '#1f8fc8', extraM2: 2_000, sort: 2 },
      { nameAr: 'قديم', nameEn: 'Old', hex: '#000000', isActive: false },
    ])
    .returning();
  await app.db.insert(tables.settings).values({ key: 'construction_prices', value: PRICES });

  /** A design: 10 × 5 × 1.5 m rectangle, white, with steps. */
  const design = (o: Record<string, unknown> = {}) => ({
    length: 10,
    width: 5,
    depth: 1.5,
    design_type_id: rectangle!.id,
    colour_id: white!.id,
    options: ['steps'],
    ...o,
  });

  async function snapshot(token: string) {
    return ok<{ url: string }>(await upload(app, '/api/user/construction-images', token)).url;
  }

  /** A request body at a map pin in the city. */
  const requestBody = async (token: string, o: Record<string, unknown> = {}) => ({
    ...design(),
    notes: 'الفناء الخلفي بجانب الحديقة',
    snapshot: await snapshot(token),
    lat: 24.7136,
    lng: 46.6753,
    city_id: city.id,
    ...o,
  });

  async function request(token: string, o: Record<string, unknown> = {}) {
    return ok<{ id: number; number: string; status: string }>(
      await api(app, 'POST', '/construction', { token, body: await requestBody(token, o) }),
    );
  }
  const detail = async (token: string, id: number, lang: Lang = 'ar') =>
    ok<ConstructionOrderDetail>(await api(app, 'GET', `/construction-orders/${id}`, { token, lang }));
  const adminDetail = async (id: number) =>
    ok<ConstructionAdminDetail>(await admin(app, 'GET', `/construction/orders/${id}`, boss));
  const staffDetail = async (id: number, token = engineer.token) =>
    ok<StaffConstructionDetail>(await staffCall(app, 'GET', `/construction/${id}`, token));
  const assign = (id: number, staffId = engineer.id, token = boss) =>
    admin(app, 'POST', `/construction/orders/${id}/assign`, token, { staff_id: staffId });
  const staffOffer = (id: number, send = true, lines: object[] = OFFER, token = engineer.token) =>
    staffCall(app, 'POST', `/construction/${id}/offer`, token, { lines, send });
  const accept = (token: string, id: number, method: 'wallet' | 'electronic', key?: string) =>
    api(app, 'POST', `/construction-orders/${id}/accept`, {
      token,
      body: { payment_method: method },
      headers: key ? { 'idempotency-key': key } : {},
    });
  const stage = (
    id: number,
    body: object = { title: 'الحفر', note: 'انتهى الحفر', photos: [] },
    token = engineer.token,
  ) => staffCall(app, 'POST', `/construction/${id}/stages`, token, body);
  const status = async (id: number) =>
    (await app.db.select().from(tables.orders).where(eq(tables.orders.id, id)))[0]!.status;

  /** The customer's notifications about an order, of `type` when given. */
  const customerNotes = async (orderId: number, type?: string) =>
    (
      await app.db
        .select()
        .from(tables.notifications)
        .where(and(isNotNull(tables.notifications.userId), eq(tables.notifications.orderId, orderId)))
    ).filter((n) => !type || n.type === type);
  /** The admins' notifications about an order (they carry it in `data`), of `type` when given. */
  const adminNotes = async (orderId: number, type?: string) =>
    (
      await app.db
        .select()
        .from(tables.notifications)
        .where(
          and(
            isNotNull(tables.notifications.adminId),
            sql`(${tables.notifications.data}->>'order_id')::int = ${orderId}`,
          ),
        )
    ).filter((n) => !type || n.type === type);

  /** A customer's order with the engineer assigned. */
  async function assigned() {
    const c = await customer(app);
    const { id } = await request(c.token);
    ok(await assign(id));
    return { ...c, id };
  }

  /** A customer's order with an offer sent by the engineer (345 SAR with VAT). */
  async function offered() {
    const o = await assigned();
    ok(await staffOffer(o.id));
    expect(await status(o.id)).toBe('offer_sent');
    return o;
  }

  /** An order paid from the wallet: the work in progress. */
  async function inProgress() {
    const o = await offered();
    await credit(app.db, o.user.id, 34_500, 'charge');
    ok(await accept(o.token, o.id, 'wallet'));
    expect(await status(o.id)).toBe('in_progress');
    return o;
  }

  return {
    city,
    elsewhere,
    boss,
    engineer,
    otherEngineer,
    farEngineer,
    technician,
    rectangle: rectangle!,
    kidney: kidney!,
    hidden: hidden!,
    white: white!,
    ocean: ocean!,
    retired: retired!,
    design,
    snapshot,
    requestBody,
    request,
    detail,
    adminDetail,
    staffDetail,
    assign,
    staffOffer,
    accept,
    stage,
    status,
    customerNotes,
    adminNotes,
    assigned,
    offered,
    inProgress,
  };
}
