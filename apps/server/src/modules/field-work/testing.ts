/** Helpers for the field-work tests (not a test file itself). */
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { makeCity, makeStaff, tables } from '@pool/db';
import { adminOrderPage, type Lang, type NotificationType } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { multipart } from '../account/testing.ts';
import { adminToken } from '../admin-content/testing.ts';
import { nextOrderId, orderNumber } from '../orders/kernel/transition.ts';
import { customer, ok } from '../orders/testing.ts';
import { issueStaffToken } from '../staff/sessions.ts';

export { ok };

/** A test app, a city and a super admin (who sees orders: the admins' notifications reach them). */
export async function fieldWorkSetup() {
  const app = await buildTestApp();
  const boss = await adminToken(app);
  const [admin] = await app.db.select({ id: tables.admins.id }).from(tables.admins);
  const city = await makeCity(app.db, { nameAr: 'الرياض', nameEn: 'Riyadh' });
  return { app, boss, adminId: admin!.id, cityId: city.id };
}

/** A technician and their staff token. */
export async function technician(app: TestApp) {
  const staff = await makeStaff(app.db, { job: 'technician' });
  return { staff, token: await issueStaffToken(app.db, staff.id, 'android') };
}

/**
 * An immediate-maintenance order of a new customer assigned to `staffId`, in
 * `status` (technician_assigned unless told), with its request (problem,
 * place, a map pin, `scheduledAt`).
 */
export async function assignedOrder(
  app: TestApp,
  staffId: number,
  o: { status?: string; scheduledAt?: Date; cityId?: number; pin?: boolean } = {},
) {
  const { user, token } = await customer(app);
  const id = await nextOrderId(app.db);
  const [order] = await app.db
    .insert(tables.orders)
    .values({
      id,
      kind: 'immediate_maintenance',
      number: orderNumber('immediate_maintenance', id, new Date()),
      userId: user.id,
      status: o.status ?? 'technician_assigned',
      paymentMethod: 'wallet',
      taxRate: 1500,
      total: 23_000,
      cityId: o.cityId ?? null,
      staffId,
      paidAt: new Date(),
    })
    .returning();
  await app.db.insert(tables.maintenanceRequests).values({
    orderId: id,
    problem: 'المضخة لا تعمل',
    place: 'المسبح الخلفي',
    scheduledAt: o.scheduledAt ?? new Date(Date.now() + 3600_000),
    location:
      o.pin === false
        ? { lat: null, lng: null, short_code: 'RRRD2929', text: 'حي الملقا، طريق الملك فهد' }
        : { lat: 24.7136, lng: 46.6753, short_code: null, text: 'حي الملقا، طريق الملك فهد' },
  });
  return { order: order!, user, token };
}

/** A request to `/api/staff<path>` with a staff token. */
export const staffCall = (
  app: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  token: string,
  body?: object,
  lang: Lang = 'en',
) =>
  app.inject({
    method,
    url: `/api/staff${path}`,
    headers: { lang, authorization: `Bearer ${token}` },
    ...(body ? { payload: body } : {}),
  });

/** A request to `/api/user<path>` (or `path` itself when it starts with `/api`) with a token. */
export const userCall = (
  app: TestApp,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  o: { body?: object; headers?: Record<string, string>; lang?: Lang } = {},
) =>
  app.inject({
    method,
    url: path.startsWith('/api') ? path : `/api/user${path}`,
    headers: { lang: o.lang ?? 'en', authorization: `Bearer ${token}`, ...o.headers },
    ...(o.body ? { payload: o.body } : {}),
  });

/** Uploads a small PNG as a report photo of the order; answers its URL. */
export async function uploadPhoto(app: TestApp, orderId: number, token: string) {
  const data = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#1e90ff' } })
    .png()
    .toBuffer();
  const form = multipart({}, { image: { filename: 'pool.png', type: 'image/png', data } });
  const res = await app.inject({
    method: 'POST',
    url: `/api/staff/orders/${orderId}/report/photos`,
    headers: { lang: 'en', authorization: `Bearer ${token}`, ...form.headers },
    payload: form.payload,
  });
  return ok<{ url: string }>(res).url;
}

/** The notification types stored for a customer, a staff member or an admin, in the order written. */
export async function toldTypes(app: TestApp, who: { userId?: number; staffId?: number; adminId?: number }) {
  const n = tables.notifications;
  const where = who.userId
    ? eq(n.userId, who.userId)
    : who.staffId
      ? eq(n.staffId, who.staffId)
      : eq(n.adminId, who.adminId!);
  const rows = await app.db.select({ type: n.type, orderId: n.orderId, id: n.id }).from(n).where(where);
  return rows.sort((a, b) => a.id - b.id).map((r) => r.type);
}

/** The notifications of `types` about `orderId` for an admin. */
export async function adminTold(app: TestApp, adminId: number, orderId: number, types: NotificationType[]) {
  const n = tables.notifications;
  return app.db
    .select({ type: n.type, bodyEn: n.bodyEn })
    .from(n)
    .where(
      and(eq(n.adminId, adminId), inArray(n.type, types), eq(n.link, adminOrderPage('immediate_maintenance', orderId))),
    );
}

export { buildTestApp };
