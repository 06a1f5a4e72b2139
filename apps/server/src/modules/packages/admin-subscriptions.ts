/**
 * The dashboard's subscriptions (under /api/admin, `orders.view`): the list,
 * newest first, filtered by state, package, city and a number or customer phone
 * search; one subscription with its visits (state, time, technician); an
 * admin's cancel (`orders.cancel`, with a reason). The other moves are the
 * customer's, the jobs' and the staff view's.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  ADMIN_SUBSCRIPTIONS_PER_PAGE,
  adminSubscriptionDetail,
  adminSubscriptionList,
  adminSubscriptionsQuery,
  cancelBody,
  envelope,
  idParam,
  nextStates,
  type AdminSubscriptionDetail,
  type AdminSubscriptionItem,
  type AdminSubscriptionsQuery,
  type Lang,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { notFound } from '../../lib/errors.ts';
import type { StoredLocation } from '../maintenance/index.ts';
import { adminActor, iso, orderSearch, pick, refundOf } from '../orders/index.ts';
import { pages } from '../../lib/pagination.ts';
import { cancelSubscription, OPEN_VISIT_STATES, refundIfCancelled, visitsOf } from './subscriptions.ts';

const o = tables.orders;
const s = tables.packageSubscriptions;
const u = tables.users;
const c = tables.cities;
const KIND = 'package_subscription';

/** A number (S2611-00042, any part) or the customer's phone (with or without +966 or the leading 0). */
function searchOf(q: string | undefined): SQL | undefined {
  const term = q?.trim();
  return term ? orderSearch(term) : undefined;
}

const selection = { order: o, sub: s, user: u, city: c };

function rowsWhere(db: Db, where: SQL | undefined) {
  return db
    .select(selection)
    .from(o)
    .innerJoin(s, eq(s.orderId, o.id))
    .innerJoin(u, eq(u.id, o.userId))
    .leftJoin(c, eq(c.id, o.cityId))
    .where(and(eq(o.kind, KIND), where));
}
type Row = Awaited<ReturnType<typeof rowsWhere>>[number];
type VisitRow = Awaited<ReturnType<typeof visitsOf>>[number];

function itemOf({ order, sub, user, city }: Row, visits: VisitRow[], lang: Lang): AdminSubscriptionItem {
  const mine = visits.filter((v) => v.order.parentId === order.id);
  return {
    id: order.id,
    number: order.number,
    status: order.status as AdminSubscriptionItem['status'],
    customer_id: user.id,
    customer_name: user.name,
    customer_phone: `+${user.countryCode} ${user.phone}`,
    package_id: sub.packageId,
    package_name: pick(lang, sub.nameAr, sub.nameEn),
    city: city ? pick(lang, city.nameAr, city.nameEn) : null,
    starts_at: iso(sub.startsAt),
    ends_at: iso(sub.endsAt),
    period: sub.period,
    visits_total: sub.visits,
    visits_remaining:
      order.status === 'active' ? mine.filter((v) => OPEN_VISIT_STATES.includes(v.order.status)).length : 0,
    auto_renew: sub.autoRenew,
    total: order.total,
    payment_method: order.paymentMethod,
    created_at: order.createdAt.toISOString(),
  };
}

export async function listAdminSubscriptions(db: Db, q: AdminSubscriptionsQuery, lang: Lang) {
  const where = and(
    q.status ? eq(o.status, q.status) : undefined,
    q.package_id ? eq(s.packageId, q.package_id) : undefined,
    q.city_id ? eq(o.cityId, q.city_id) : undefined,
    searchOf(q.q),
  );
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db
      .select({ total: count() })
      .from(o)
      .innerJoin(s, eq(s.orderId, o.id))
      .where(and(eq(o.kind, KIND), where)),
    rowsWhere(db, where)
      .orderBy(desc(o.createdAt), desc(o.id))
      .limit(ADMIN_SUBSCRIPTIONS_PER_PAGE)
      .offset((q.page - 1) * ADMIN_SUBSCRIPTIONS_PER_PAGE),
  ]);
  const visits = await visitsOf(
    db,
    rows.map((r) => r.order.id),
  );
  return {
    data: rows.map((r) => itemOf(r, visits, lang)),
    pagination: pages(total, ADMIN_SUBSCRIPTIONS_PER_PAGE, q.page),
  };
}

async function reasonTitle(db: Db, id: number | null, lang: Lang) {
  if (!id) return null;
  const [r] = await db.select().from(tables.cancelReasons).where(eq(tables.cancelReasons.id, id));
  return r ? pick(lang, r.titleAr, r.titleEn) : null;
}

export async function adminSubscription(db: Db, id: number, lang: Lang): Promise<AdminSubscriptionDetail> {
  const [row] = await rowsWhere(db, eq(o.id, id));
  if (!row) throw notFound();
  const visits = await visitsOf(db, [id]);
  const location = row.sub.location as StoredLocation;
  return {
    ...itemOf(row, visits, lang),
    visits_done: visits.filter((v) => v.order.status === 'done').length,
    refund_if_cancelled: refundIfCancelled(row.order, row.sub, visits),
    can_cancel: nextStates(KIND, row.order.status, 'admin').includes('cancelled'),
    cancel_reason: row.order.cancelNote ?? (await reasonTitle(db, row.order.cancelReasonId, lang)),
    refund: await refundOf(db, row.order),
    location_text: location.text ?? location.short_code ?? null,
    visits: visits.map((v) => {
      const status = v.order.status as AdminSubscriptionDetail['visits'][number]['status'];
      return {
        id: v.order.id,
        number: v.order.number,
        status,
        scheduled_at: status === 'unscheduled' ? null : iso(v.at),
        staff: v.staff?.id ? { id: v.staff.id, name: v.staff.name } : null,
      };
    }),
  };
}

const base = { tags: ['admin: subscriptions'], security: [{ bearer: [] }] };

/** Registered by the packages' admin routes (under /api/admin). */
export function adminSubscriptionRoutes(app: App) {
  app.get(
    '/subscriptions',
    {
      preHandler: app.requireAdmin('orders.view'),
      schema: {
        ...base,
        summary: 'Package subscriptions, newest first',
        description:
          '`q` searches the subscription number and the customer’s phone (with or without +966 or the leading 0); filters: `status`, `package_id`, `city_id`. `visits_remaining` counts the visits not done and not cancelled of an active subscription.',
        querystring: adminSubscriptionsQuery,
        response: { 200: envelope(adminSubscriptionList) },
      },
    },
    async (req, reply) => reply.ok(await listAdminSubscriptions(app.db, req.query, req.lang)),
  );

  app.get(
    '/subscriptions/:id',
    {
      preHandler: app.requireAdmin('orders.view'),
      schema: {
        ...base,
        summary: 'One subscription with its visits (state, time, technician)',
        params: idParam,
        response: { 200: envelope(adminSubscriptionDetail) },
      },
    },
    async (req, reply) => reply.ok(await adminSubscription(app.db, req.params.id, req.lang)),
  );

  app.post(
    '/subscriptions/:id/cancel',
    {
      preHandler: app.requireAdmin('orders.cancel'),
      schema: {
        ...base,
        summary: 'Cancel an active subscription with a reason; its visits not under way are cancelled',
        description:
          'The unused share (the visits cancelled, pro rata) is refunded to the customer’s wallet once; the customer gets `cancelled`.',
        params: idParam,
        body: cancelBody,
        response: { 200: envelope(adminSubscriptionDetail) },
      },
    },
    async (req, reply) => {
      await adminSubscription(app.db, req.params.id, req.lang);
      await cancelSubscription(app, req.params.id, adminActor(req.admin!), {
        reasonId: req.body.cancel_reason_id,
        note: req.body.note,
      });
      return reply.ok(await adminSubscription(app.db, req.params.id, req.lang), 'packages.cancelled');
    },
  );
}
