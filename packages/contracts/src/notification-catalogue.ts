/**
 * The one catalogue of notification types (spec section 9, and ADR 0019's visit reminder): who receives each,
 * the page it opens, and the push payload of spec section 3. The ar and en
 * texts are the i18n keys `events.<type>_title` and `events.<type>_body`
 * (a test checks both languages for every type).
 */
import { ORDER_KINDS, type OrderKind } from './order-machines.ts';
import type { NotificationType } from './notifications.ts';

export type Audience = 'customer' | 'admins' | 'staff';
/**
 * What the notification opens: the order's page (`/order-details` resolves to
 * the page of the order's kind), the order's chat, its rating page, a
 * complaint, the wallet (to top it up), or nothing but the notification itself.
 */
export type NotificationTarget = 'order' | 'order_chat' | 'rating' | 'complaint' | 'wallet' | 'none';

export type NotificationSpec = { audience: readonly Audience[]; target: NotificationTarget };

const customer = (target: NotificationTarget = 'order'): NotificationSpec => ({ audience: ['customer'], target });
const admins: NotificationSpec = { audience: ['admins'], target: 'order' };

export const NOTIFICATION_CATALOGUE: Record<NotificationType, NotificationSpec> = {
  admin_notify: { audience: ['customer', 'admins'], target: 'none' },
  order_cancelled: customer(),
  owner_approved: customer(),
  offer_sent: customer(),
  accept_offer: admins,
  reject_offer: admins,
  extra_service_order: customer(),
  accept_extra_service: { audience: ['admins', 'staff'], target: 'order' },
  reject_extra_service: { audience: ['admins', 'staff'], target: 'order' },
  rate_employee: customer('rating'),
  package_renewal_reminder: customer(),
  renew_package: customer(),
  // The wallet was short: it opens the wallet to top up.
  fail_renew_package: customer('wallet'),
  package_expires_today: customer(),
  block: customer('none'),
  un_blocked: customer('none'),
  wait_for_price: customer(),
  wait_payment: customer(),
  order_payed: customer(),
  new: admins,
  new_message: { audience: ['customer', 'admins', 'staff'], target: 'order_chat' },
  going_to_client: customer(),
  arrived: customer(),
  visit_finished: customer(),
  cancelled: customer(),
  refused: customer(),
  completed: customer(),
  preparing: customer(),
  delivering: customer(),
  delivered: customer(),
  package_completed: customer(),
  assign_engineer: { audience: ['customer', 'staff'], target: 'order' },
  assign_technician: { audience: ['customer', 'staff'], target: 'order' },
  complaint_reply: customer('complaint'),
  new_ecommerce_order: admins,
  new_pool_construction_order: admins,
  new_instant_maintenance_order: admins,
  // A package visit the day before (ADR 0019): it opens the visit, on its subscription's page.
  visit_reminder: customer(),
};

/** The customer's order pages of each kind (spec section 2). */
export const ORDER_PAGE: Record<OrderKind, string> = {
  store: '/orders/online_store_order',
  immediate_maintenance: '/orders/immediate_maintenance',
  package_subscription: '/orders/scheduled_maintenance',
  pool_construction: '/orders/pool_construction',
  package_visit: '/orders/scheduled_maintenance/visits',
};

/** The chat of each service kind (spec section 2); the store has none. */
export const ORDER_CHAT_PAGE: Partial<Record<OrderKind, string>> = {
  immediate_maintenance: '/chat/chat_immediate_maintenance',
  package_subscription: '/chat/chat_scheduled_maintenance',
  pool_construction: '/chat/chat_pool_construction',
};

export const isOrderKind = (v: unknown): v is OrderKind => ORDER_KINDS.includes(v as OrderKind);

/**
 * The customer's page a notification opens, without the language prefix:
 * the order's page of its kind, its chat or its rating; null when it opens nothing.
 */
export function notificationPage(
  type: NotificationType,
  ref: { order_id?: number | null; kind?: string | null; complaint_id?: number | null },
): string | null {
  const { target } = NOTIFICATION_CATALOGUE[type];
  if (target === 'complaint') return ref.complaint_id ? `/more/complaints_inquiries/${ref.complaint_id}` : null;
  if (target === 'wallet') return '/more/wallet';
  if (target === 'none' || !ref.order_id) return null;
  const kind = isOrderKind(ref.kind) ? ref.kind : 'store';
  if (target === 'rating') return `/orders/evaluation/${ref.order_id}`;
  if (target === 'order_chat' && ORDER_CHAT_PAGE[kind]) return `${ORDER_CHAT_PAGE[kind]}?id=${ref.order_id}`;
  return `${ORDER_PAGE[kind]}/${ref.order_id}`;
}

/** The staff view's page of an order assigned to them (its moves, report and chat). */
export const staffOrderPage = (id: number) => `/staff/orders/${id}`;

/** The dashboard's page of an order of each kind. */
const ADMIN_ORDER_PAGES: Record<OrderKind, string> = {
  store: '/admin/store-orders',
  immediate_maintenance: '/admin/service-orders',
  package_visit: '/admin/service-orders',
  package_subscription: '/admin/subscriptions',
  pool_construction: '/admin/service-orders/construction',
};
export const adminOrderPage = (kind: OrderKind, id: number) => `${ADMIN_ORDER_PAGES[kind]}/${id}`;
