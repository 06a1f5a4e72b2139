/**
 * The order kernel's data (DOMAIN.md): the four kinds, their number prefixes,
 * and each kind's state machine as a declaration. The server's one
 * `transition()` refuses every move not declared here; the site, the dashboard
 * and the mobile apps read the same table for tabs and buttons.
 */
import type { Permission } from './admin.ts';
import type { NotificationType } from './notifications.ts';
import { ORDER_NUMBER_PREFIX } from './order-numbers.ts';

/** The kinds a customer orders: listed in their order tabs, counted in sales. */
export const SOLD_ORDER_KINDS = [
  'store',
  'immediate_maintenance',
  'package_subscription',
  'pool_construction',
] as const;
export type SoldOrderKind = (typeof SOLD_ORDER_KINDS)[number];
/** Those and a package's visit: an order of its own inside its subscription (ADR 0018). */
export const ORDER_KINDS = [...SOLD_ORDER_KINDS, 'package_visit'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

// Every kind has its number's letter.
ORDER_NUMBER_PREFIX satisfies Record<OrderKind, string>;
export { ORDER_NUMBER_PREFIX };

/** The customer's order tabs, in the spec's order of labels. */
export const ORDER_TABS = ['new', 'current', 'waiting', 'pending_payment', 'finished'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** Who makes a move: the order's customer, an admin with a permission, the staff member assigned, the system. */
export const ORDER_ACTORS = ['customer', 'admin', 'staff', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export type OrderMove<S extends string = string> = {
  from: readonly S[];
  to: S;
  by: OrderActor;
  /** What an admin must hold (admin moves only). */
  permission?: Permission;
  /** Sent to the customer, in order. */
  notify?: readonly NotificationType[];
  /** Sent to the admins who see orders. */
  notifyAdmins?: NotificationType;
  /** The move needs a reason (a cancel reason or the customer's words). */
  reason?: true;
  /** The move assigns a staff member of this job to the order (the dashboard's assignment). */
  assigns?: 'engineer' | 'technician';
  /** The move takes an order that had ended back (a renewal): its state still counts as final. */
  reopens?: true;
};

/** The state every kind waits for the customer's payment in (auto-cancelled past its pay-by time). */
export const AWAITING_PAYMENT = 'pending_payment';

export type OrderMachine<S extends string = string> = {
  states: readonly S[];
  /** Where a new order starts, and what its creation sends. */
  start: { state: S; notify?: readonly NotificationType[]; notifyAdmins?: NotificationType };
  /** Where a verified payment moves `pending_payment` (a system move of the declaration); absent for a kind never paid. */
  paid?: S;
  /** The customer's tab of each state. */
  tab: Record<S, OrderTab>;
  moves: readonly OrderMove<S>[];
};

const machine = <const S extends string>(m: OrderMachine<S>) => m;

const EDIT: Permission = 'orders.edit';
const CANCEL: Permission = 'orders.cancel';

/** DOMAIN.md, "Store order". */
export const STORE_MACHINE = machine({
  states: ['pending_payment', 'new', 'preparing', 'delivering', 'delivered', 'cancelled', 'refused'],
  start: { state: 'pending_payment', notify: ['wait_payment'] },
  paid: 'new',
  tab: {
    pending_payment: 'pending_payment',
    new: 'new',
    preparing: 'current',
    delivering: 'current',
    delivered: 'finished',
    cancelled: 'finished',
    refused: 'finished',
  },
  moves: [
    {
      from: ['pending_payment'],
      to: 'new',
      by: 'system',
      notify: ['order_payed'],
      notifyAdmins: 'new_ecommerce_order',
    },
    { from: ['pending_payment'], to: 'cancelled', by: 'system', notify: ['order_cancelled'] },
    { from: ['pending_payment', 'new'], to: 'cancelled', by: 'customer', notify: ['order_cancelled'], reason: true },
    { from: ['new'], to: 'preparing', by: 'admin', permission: EDIT, notify: ['preparing'] },
    { from: ['preparing'], to: 'delivering', by: 'admin', permission: EDIT, notify: ['delivering'] },
    { from: ['delivering'], to: 'delivered', by: 'admin', permission: EDIT, notify: ['delivered'] },
    {
      from: ['new', 'preparing'],
      to: 'cancelled',
      by: 'admin',
      permission: CANCEL,
      notify: ['cancelled'],
      reason: true,
    },
    { from: ['new', 'preparing'], to: 'refused', by: 'admin', permission: CANCEL, notify: ['refused'], reason: true },
  ],
});

/** Before the customer has paid: the states a customer may still cancel from. */
const OFFER_STAGES = ['approved', 'offer_sent', 'offer_rejected'] as const;

/** DOMAIN.md, "Immediate maintenance". Extra services are lines of their own, checked by the kind's hooks. */
export const IMMEDIATE_MAINTENANCE_MACHINE = machine({
  states: [
    'new',
    'approved',
    'offer_sent',
    'offer_rejected',
    'pending_payment',
    'paid',
    'technician_assigned',
    'on_the_way',
    'arrived',
    'completed',
    'cancelled',
    'refused',
  ],
  start: { state: 'new', notifyAdmins: 'new_instant_maintenance_order' },
  paid: 'paid',
  tab: {
    new: 'new',
    approved: 'waiting',
    offer_sent: 'waiting',
    offer_rejected: 'waiting',
    pending_payment: 'pending_payment',
    paid: 'current',
    technician_assigned: 'current',
    on_the_way: 'current',
    arrived: 'current',
    completed: 'finished',
    cancelled: 'finished',
    refused: 'finished',
  },
  moves: [
    { from: ['new'], to: 'approved', by: 'admin', permission: EDIT, notify: ['owner_approved', 'wait_for_price'] },
    { from: ['approved', 'offer_rejected'], to: 'offer_sent', by: 'admin', permission: EDIT, notify: ['offer_sent'] },
    {
      from: ['offer_sent'],
      to: 'pending_payment',
      by: 'customer',
      notify: ['wait_payment'],
      notifyAdmins: 'accept_offer',
    },
    { from: ['offer_sent'], to: 'offer_rejected', by: 'customer', notifyAdmins: 'reject_offer', reason: true },
    { from: ['pending_payment'], to: 'paid', by: 'system', notify: ['order_payed'] },
    { from: ['pending_payment'], to: 'cancelled', by: 'system', notify: ['order_cancelled'] },
    // From technician_assigned: another technician takes the visit (the dashboard's reassignment).
    {
      from: ['paid', 'technician_assigned'],
      to: 'technician_assigned',
      by: 'admin',
      permission: EDIT,
      notify: ['assign_technician'],
      assigns: 'technician',
    },
    { from: ['technician_assigned'], to: 'on_the_way', by: 'staff', notify: ['going_to_client'] },
    { from: ['on_the_way'], to: 'arrived', by: 'staff', notify: ['arrived'] },
    { from: ['arrived'], to: 'completed', by: 'staff', notify: ['visit_finished', 'completed', 'rate_employee'] },
    {
      from: ['new', ...OFFER_STAGES, 'pending_payment'],
      to: 'cancelled',
      by: 'customer',
      notify: ['order_cancelled'],
      reason: true,
    },
    {
      from: ['new', ...OFFER_STAGES, 'pending_payment', 'paid', 'technician_assigned'],
      to: 'cancelled',
      by: 'admin',
      permission: CANCEL,
      notify: ['cancelled'],
      reason: true,
    },
    {
      from: ['new', ...OFFER_STAGES, 'pending_payment', 'paid', 'technician_assigned'],
      to: 'refused',
      by: 'admin',
      permission: CANCEL,
      notify: ['refused'],
      reason: true,
    },
  ],
});

/** DOMAIN.md, "Scheduled maintenance": the subscription; its visits have a machine of their own. */
export const PACKAGE_SUBSCRIPTION_MACHINE = machine({
  states: ['pending_payment', 'active', 'completed', 'expired', 'cancelled'],
  start: { state: 'pending_payment', notify: ['wait_payment'] },
  paid: 'active',
  tab: {
    pending_payment: 'pending_payment',
    active: 'current',
    completed: 'finished',
    expired: 'finished',
    cancelled: 'finished',
  },
  moves: [
    { from: ['pending_payment'], to: 'active', by: 'system', notify: ['order_payed'] },
    { from: ['pending_payment'], to: 'cancelled', by: 'system', notify: ['order_cancelled'] },
    { from: ['pending_payment', 'active'], to: 'cancelled', by: 'customer', notify: ['order_cancelled'] },
    { from: ['active'], to: 'completed', by: 'system', notify: ['package_completed'] },
    { from: ['active'], to: 'expired', by: 'system' },
    // Renewed by hand within RENEW_EXPIRED_DAYS of its end: a new period starts (renew_package is sent with it).
    { from: ['expired'], to: 'active', by: 'system', reopens: true },
    { from: ['active'], to: 'cancelled', by: 'admin', permission: CANCEL, notify: ['cancelled'], reason: true },
  ],
});

/** DOMAIN.md, "Pool construction". The engineer assigned may send the offer and finish the work. */
export const POOL_CONSTRUCTION_MACHINE = machine({
  states: [
    'new',
    'engineer_assigned',
    'offer_sent',
    'offer_rejected',
    'pending_payment',
    'in_progress',
    'completed',
    'cancelled',
    'refused',
  ],
  start: { state: 'new', notifyAdmins: 'new_pool_construction_order' },
  paid: 'in_progress',
  tab: {
    new: 'new',
    engineer_assigned: 'waiting',
    offer_sent: 'waiting',
    offer_rejected: 'waiting',
    pending_payment: 'pending_payment',
    in_progress: 'current',
    completed: 'finished',
    cancelled: 'finished',
    refused: 'finished',
  },
  moves: [
    {
      from: ['new'],
      to: 'engineer_assigned',
      by: 'admin',
      permission: EDIT,
      notify: ['assign_engineer'],
      assigns: 'engineer',
    },
    {
      from: ['engineer_assigned', 'offer_rejected'],
      to: 'offer_sent',
      by: 'admin',
      permission: EDIT,
      notify: ['offer_sent'],
    },
    { from: ['engineer_assigned', 'offer_rejected'], to: 'offer_sent', by: 'staff', notify: ['offer_sent'] },
    {
      from: ['offer_sent'],
      to: 'pending_payment',
      by: 'customer',
      notify: ['wait_payment'],
      notifyAdmins: 'accept_offer',
    },
    { from: ['offer_sent'], to: 'offer_rejected', by: 'customer', notifyAdmins: 'reject_offer', reason: true },
    { from: ['pending_payment'], to: 'in_progress', by: 'system', notify: ['order_payed'] },
    { from: ['pending_payment'], to: 'cancelled', by: 'system', notify: ['order_cancelled'] },
    { from: ['in_progress'], to: 'completed', by: 'admin', permission: EDIT, notify: ['completed', 'rate_employee'] },
    { from: ['in_progress'], to: 'completed', by: 'staff', notify: ['completed', 'rate_employee'] },
    {
      from: ['new', 'engineer_assigned', 'offer_sent', 'offer_rejected', 'pending_payment'],
      to: 'cancelled',
      by: 'customer',
      notify: ['order_cancelled'],
      reason: true,
    },
    {
      from: ['new', 'engineer_assigned', 'offer_sent', 'offer_rejected', 'pending_payment'],
      to: 'cancelled',
      by: 'admin',
      permission: CANCEL,
      notify: ['cancelled'],
      reason: true,
    },
    {
      from: ['new', 'engineer_assigned', 'offer_sent', 'offer_rejected'],
      to: 'refused',
      by: 'admin',
      permission: CANCEL,
      notify: ['refused'],
      reason: true,
    },
  ],
});

/**
 * DOMAIN.md, "Scheduled maintenance", and ADR 0018: one visit of a subscription, made on the
 * subscription's payment. The customer takes a visit back to `unscheduled` (24 hours or more
 * before it) and picks another time within the validity; the visit then runs like an immediate
 * maintenance visit. Open visits are cancelled when their subscription ends.
 */
export const PACKAGE_VISIT_MACHINE = machine({
  states: ['unscheduled', 'scheduled', 'technician_assigned', 'on_the_way', 'arrived', 'done', 'cancelled'],
  start: { state: 'scheduled' },
  tab: {
    unscheduled: 'current',
    scheduled: 'current',
    technician_assigned: 'current',
    on_the_way: 'current',
    arrived: 'current',
    done: 'finished',
    cancelled: 'finished',
  },
  moves: [
    { from: ['scheduled', 'technician_assigned'], to: 'unscheduled', by: 'customer' },
    // A time already past when the subscription is paid (a late card payment): the customer picks another.
    { from: ['scheduled'], to: 'unscheduled', by: 'system' },
    { from: ['unscheduled'], to: 'scheduled', by: 'customer' },
    {
      from: ['scheduled', 'technician_assigned'],
      to: 'technician_assigned',
      by: 'admin',
      permission: EDIT,
      notify: ['assign_technician'],
      assigns: 'technician',
    },
    { from: ['technician_assigned'], to: 'on_the_way', by: 'staff', notify: ['going_to_client'] },
    { from: ['on_the_way'], to: 'arrived', by: 'staff', notify: ['arrived'] },
    { from: ['arrived'], to: 'done', by: 'staff', notify: ['visit_finished', 'rate_employee'] },
    { from: ['unscheduled', 'scheduled', 'technician_assigned'], to: 'cancelled', by: 'system' },
  ],
});

export const ORDER_MACHINES = {
  store: STORE_MACHINE,
  immediate_maintenance: IMMEDIATE_MAINTENANCE_MACHINE,
  package_subscription: PACKAGE_SUBSCRIPTION_MACHINE,
  pool_construction: POOL_CONSTRUCTION_MACHINE,
  package_visit: PACKAGE_VISIT_MACHINE,
} as const satisfies Record<OrderKind, OrderMachine>;

/**
 * The kinds whose work is a visit on site (a technician's day, on the way, arrived, the visit
 * report, extra services, a rating), and the state that finishes the visit.
 */
export const FIELD_VISITS = {
  immediate_maintenance: { finished: 'completed' },
  package_visit: { finished: 'done' },
} as const satisfies Partial<Record<OrderKind, { finished: string }>>;
export type FieldVisitKind = keyof typeof FIELD_VISITS;
export const FIELD_VISIT_KINDS = Object.keys(FIELD_VISITS) as FieldVisitKind[];
export const isFieldVisitKind = (kind: string): kind is FieldVisitKind => kind in FIELD_VISITS;
/** The state that finishes a visit of `kind` (null for a kind without visits). */
export const visitFinishedState = (kind: OrderKind): string | null =>
  isFieldVisitKind(kind) ? FIELD_VISITS[kind].finished : null;

export type OrderStatusOf<K extends OrderKind> = (typeof ORDER_MACHINES)[K]['states'][number];
export type StoreOrderStatus = OrderStatusOf<'store'>;
export type OrderStatus = OrderStatusOf<OrderKind>;

const machineOf = (kind: OrderKind): OrderMachine => ORDER_MACHINES[kind];

/** The declared move of `kind` from `from` to `to` by `by`, or undefined (the move is refused). */
export const findMove = (kind: OrderKind, from: string, to: string, by: OrderActor): OrderMove | undefined =>
  machineOf(kind).moves.find((m) => m.by === by && m.to === to && m.from.includes(from));

/** Where `by` may move an order of `kind` from `from`. */
export const nextStates = (kind: OrderKind, from: string, by: OrderActor): string[] => [
  ...new Set(
    machineOf(kind)
      .moves.filter((m) => m.by === by && m.from.includes(from))
      .map((m) => m.to),
  ),
];

/** The customer's tab of a state (`finished` for a state the kind does not know). */
export const tabOf = (kind: OrderKind, state: string): OrderTab =>
  (machineOf(kind).tab as Record<string, OrderTab>)[state] ?? 'finished';

/** The states of `kind` in one of the customer's tabs. */
export const statesInTab = (kind: OrderKind, tab: OrderTab): string[] =>
  machineOf(kind).states.filter((s) => tabOf(kind, s) === tab);

/** A state with no move out but reopening ones: the order is over (`closed_at`). */
export const isFinal = (kind: OrderKind, state: string) =>
  !machineOf(kind).moves.some((m) => !m.reopens && m.from.includes(state));

/** The kinds of an order's price lines (one shape for every order kind). */
export const PRICE_LINE_KINDS = [
  'product',
  'service',
  'spare_part',
  'extra_service',
  'installation',
  'delivery',
  'discount',
  'tax',
] as const;
export type PriceLineKind = (typeof PRICE_LINE_KINDS)[number];

/** The states of `kind` with no move out. */
export const finalStates = (kind: OrderKind): string[] => machineOf(kind).states.filter((s) => isFinal(kind, s));

/** The dashboard's assignment move of an order in `state`, if its kind has one there. */
export const assignmentMove = (kind: OrderKind, state: string): OrderMove | undefined =>
  machineOf(kind).moves.find((m) => m.by === 'admin' && m.assigns && m.from.includes(state));
