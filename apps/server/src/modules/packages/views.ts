/**
 * A subscription as the customer reads it: the package as subscribed, its period, its visits, what
 * cancelling returns and what renewing now would pay for (renewal.ts).
 */
import { nextStates, type Lang, type PackageVisitView, type SubscriptionView } from '@pool/contracts';
import type { Db } from '@pool/db';
import { vatRateBp } from '../cart/index.ts';
import { canRateStaff, ratingsOf } from '../field-work/index.ts';
import type { StoredLocation } from '../maintenance/index.ts';
import { refundOf } from '../orders/index.ts';
import { cancellableAt } from './hooks.ts';
import { renewalPrice, renewalStart } from './renewal.ts';
import { OPEN_VISIT_STATES, periodFrom, refundIfCancelled, visitsOf, type mySubscription } from './subscriptions.ts';

type Row = Awaited<ReturnType<typeof mySubscription>>;
type VisitRow = Awaited<ReturnType<typeof visitsOf>>[number];

const iso = (d: Date | null) => d?.toISOString() ?? null;

type Ratings = Awaited<ReturnType<typeof ratingsOf>>;

function visitView(v: VisitRow, subscriptionActive: boolean, ratings: Ratings): PackageVisitView {
  const status = v.order.status as PackageVisitView['status'];
  const rating = ratings.get(v.order.id);
  const customerMoves = nextStates('package_visit', status, 'customer');
  return {
    id: v.order.id,
    number: v.order.number,
    status,
    scheduled_at: status === 'unscheduled' ? null : iso(v.at),
    staff: v.staff?.id ? { id: v.staff.id, name: v.staff.name, image: v.staff.image } : null,
    can_cancel: customerMoves.includes('unscheduled') && cancellableAt(v.at),
    can_reschedule: subscriptionActive && customerMoves.includes('scheduled'),
    rating: rating?.stars ?? null,
    can_rate: canRateStaff(v.order, !!rating),
  };
}

export async function subscriptionViews(db: Db, rows: Row[], lang: Lang): Promise<SubscriptionView[]> {
  const visits = await visitsOf(
    db,
    rows.map((r) => r.order.id),
  );
  const rate = await vatRateBp(db);
  const ratings = await ratingsOf(
    db,
    visits.filter((v) => v.order.status === 'done').map((v) => v.order.id),
  );
  return Promise.all(
    rows.map(async ({ order, sub }) => {
      const active = order.status === 'active';
      const mine = visits.filter((v) => v.order.parentId === order.id);
      const remaining = mine.filter((v) => OPEN_VISIT_STATES.includes(v.order.status)).length;
      const location = sub.location as StoredLocation;
      const from = renewalStart(order, sub);
      const renewal = from
        ? {
            total: renewalPrice(sub, rate),
            visits: sub.visits,
            starts_at: from.toISOString(),
            ends_at: iso(periodFrom(sub, from).endsAt)!,
          }
        : null;
      return {
        id: order.id,
        number: order.number,
        status: order.status as SubscriptionView['status'],
        package_id: sub.packageId,
        name: lang === 'en' ? sub.nameEn : sub.nameAr,
        // Done or to come, over its periods (a period renewed early adds its visits to those still open).
        visits_total: Math.max(sub.visits, mine.filter((v) => v.order.status !== 'cancelled').length),
        visits_done: mine.filter((v) => v.order.status === 'done').length,
        visits_remaining: active ? remaining : 0,
        total: order.total,
        payment_method: order.paymentMethod,
        starts_at: iso(sub.startsAt),
        ends_at: iso(sub.endsAt),
        auto_renew: sub.autoRenew,
        period: sub.period,
        pay_by: order.status === 'pending_payment' ? iso(order.payBy) : null,
        location_text: location.text ?? location.short_code ?? null,
        refund_if_cancelled: refundIfCancelled(order, sub, mine),
        refund: await refundOf(db, order),
        can_cancel: nextStates('package_subscription', order.status, 'customer').includes('cancelled'),
        can_renew: renewal !== null,
        renewal,
        can_chat: order.paidAt !== null,
        visits: mine.map((v) => visitView(v, active, ratings)),
        created_at: order.createdAt.toISOString(),
      };
    }),
  );
}
