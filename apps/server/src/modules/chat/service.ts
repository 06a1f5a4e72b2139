/**
 * The chat of a service order (DOMAIN.md "Chat"), the same for its three
 * audiences: the order's customer, the staff member assigned to it (for a
 * package subscription: the technicians assigned to any of its open visits,
 * ADR 0018), and the admins who see orders. Anyone else, and every store
 * order, gets 404.
 *
 * - A message is written with its sender's read mark and a `chat.message`
 *   outbox event in one transaction; the event's subscriber (chatNotifications)
 *   sends `new_message` once to each participant not viewing the thread.
 * - "Viewing": a participant whose read mark was touched in the last
 *   CHAT_VIEWING_SECONDS (the open page calls `/read` on arrival, on each new
 *   message and every CHAT_HEARTBEAT_SECONDS while visible; sending a message alone does not).
 * - Live: each change sends the `chat` signal ({order_id, message_id | read})
 *   on the participants' notification streams; pages fetch what changed.
 * - The thread turns read-only CHAT_READ_ONLY_DAYS after the order's `closed_at`.
 */
import { and, asc, desc, eq, exists, gt, inArray, isNotNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tables, type Db } from '@pool/db';
import {
  adminOrderPage,
  CHAT_KINDS,
  CHAT_PAGE_SIZE,
  CHAT_READ_ONLY_DAYS,
  CHAT_VIEWING_SECONDS,
  finalStates,
  notificationPage,
  type ChatKind,
  type ChatMessageBody,
  type ChatMessageItem,
  type ChatParticipant,
  type ChatRole,
  type ChatStreamEvent,
  type ChatThread,
  type Lang,
} from '@pool/contracts';
import { translate } from '@pool/i18n';
import type { App } from '../../app-type.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { retryTransaction } from '../../lib/retry.ts';
import { emit, withinTransaction, type Subscriber } from '../events/index.ts';
import { notificationText } from '../orders/index.ts';
import { adminsWhoCan, notifyAdmins, notifyStaff, notifyUsers, publishSignal } from '../realtime/index.ts';
import { displayUrls, isStoredImage } from '../uploads/index.ts';

/** Where chat images are stored (uploads pipeline). */
export const CHAT_FOLDER = 'chat';
const DAY_MS = 86_400_000;

/** Who asks: the order's customer, a staff member, an admin. */
export type Viewer = { role: 'customer'; id: number } | { role: 'staff'; id: number } | { role: 'admin'; id: number };

const o = tables.orders;
const cm = tables.chatMessages;
const cr = tables.chatReads;
type Order = typeof o.$inferSelect;
type MessageRow = typeof cm.$inferSelect;

/** A participant's key in chat_reads: `customer:5`, `staff:3`, `admin:2`. */
export const readerKey = (v: Viewer) => `${v.role}:${v.id}`;
const senderKey = (m: MessageRow) => `${m.sender}:${m.userId ?? m.staffId ?? m.adminId ?? 0}`;

/** A subscription's visits (orders whose parent is the thread's order; ADR 0018). */
const visit = alias(o, 'visit');
/** A visit still to be done: its technician takes part in its subscription's thread. */
const openVisit = notInArray(visit.status, finalStates('package_visit'));

/** The order of a thread the viewer may see; 404 for a store order or someone else's. */
export async function threadOrder(db: Db, viewer: Viewer, orderId: number): Promise<Order> {
  const staffOfVisit = (staffId: number) =>
    exists(
      db
        .select({ id: visit.id })
        .from(visit)
        .where(and(eq(visit.parentId, o.id), eq(visit.staffId, staffId), openVisit)),
    );
  const [row] = await db
    .select()
    .from(o)
    .where(
      and(
        eq(o.id, orderId),
        inArray(o.kind, [...CHAT_KINDS]),
        viewer.role === 'customer' ? eq(o.userId, viewer.id) : undefined,
        viewer.role === 'staff' ? or(eq(o.staffId, viewer.id), staffOfVisit(viewer.id)) : undefined,
      ),
    );
  if (!row) throw notFound();
  return row;
}

/**
 * The staff taking part in a thread, each with the order their notice opens: the staff member
 * assigned to the order, and the technicians of a subscription's open visits (their earliest one).
 */
export async function threadStaff(db: Db, order: Order): Promise<{ staffId: number; orderId: number }[]> {
  const out = order.staffId ? [{ staffId: order.staffId, orderId: order.id }] : [];
  const visits = await db
    .select({ staffId: visit.staffId, orderId: visit.id })
    .from(visit)
    .where(and(eq(visit.parentId, order.id), isNotNull(visit.staffId), openVisit))
    .orderBy(asc(visit.id));
  for (const v of visits)
    if (!out.some((x) => x.staffId === v.staffId)) out.push({ staffId: v.staffId!, orderId: v.orderId });
  return out;
}

/** When the thread turns read-only: 14 days after the order ended; null while it is open. */
export const readOnlyAt = (order: Order) =>
  order.closedAt ? new Date(order.closedAt.getTime() + CHAT_READ_ONLY_DAYS * DAY_MS) : null;
const isReadOnly = (order: Order, now = new Date()) => {
  const at = readOnlyAt(order);
  return !!at && at <= now;
};

/** Refuses writing to a read-only thread (409, in the asker's language). */
export function assertWritable(order: Order) {
  if (isReadOnly(order)) throw new AppError('fail', 'chat.closed', { status: 409 });
}

const roleName = (role: ChatRole, job: string | null, lang: Lang) =>
  translate(lang, role === 'staff' && job ? `chat.role_${job}` : `chat.role_${role}`);

async function participantsOf(db: Db, order: Order, viewer: Viewer, lang: Lang): Promise<ChatParticipant[]> {
  const out: ChatParticipant[] = [];
  if (viewer.role !== 'customer') {
    const [u] = await db
      .select({ name: tables.users.name, image: tables.users.image })
      .from(tables.users)
      .where(eq(tables.users.id, order.userId));
    if (u) out.push({ role: 'customer', job: null, name: u.name, image: u.image });
  }
  const staffIds = (await threadStaff(db, order))
    .map((x) => x.staffId)
    .filter((id) => !(viewer.role === 'staff' && viewer.id === id));
  if (staffIds.length) {
    const st = tables.staff;
    const staff = await db
      .select({ id: st.id, name: st.name, image: st.image, job: st.job })
      .from(st)
      .where(inArray(st.id, staffIds));
    for (const id of staffIds) {
      const s = staff.find((x) => x.id === id);
      if (s) out.push({ role: 'staff', job: s.job, name: s.name, image: s.image });
    }
  }
  // Admins who wrote in the thread; customer service by its role name when none has yet.
  const a = tables.admins;
  const admins = await db
    .selectDistinct({ id: a.id, name: a.name, image: a.image })
    .from(cm)
    .innerJoin(a, eq(a.id, cm.adminId))
    .where(eq(cm.orderId, order.id));
  const others = admins.filter((x) => !(viewer.role === 'admin' && viewer.id === x.id));
  for (const x of others) out.push({ role: 'admin', job: null, name: x.name, image: x.image });
  if (viewer.role !== 'admin' && !others.length) {
    out.push({ role: 'admin', job: null, name: roleName('admin', null, lang), image: null });
  }
  return out;
}

type Named = { m: MessageRow; user: string | null; staff: string | null; admin: string | null };

function toItem(r: Named, viewer: Viewer, reads: { reader: string; lastReadId: number }[], lang: Lang) {
  const key = senderKey(r.m);
  const name = r.m.sender === 'customer' ? r.user : r.m.sender === 'staff' ? r.staff : r.admin;
  return {
    id: r.m.id,
    sender: r.m.sender,
    sender_name: name ?? roleName(r.m.sender, null, lang),
    mine: key === readerKey(viewer),
    text: r.m.body,
    images: r.m.images.map((url) => ({ url, thumbnail: displayUrls(url)[320] })),
    created_at: r.m.createdAt.toISOString(),
    read: reads.some((x) => x.reader !== key && x.lastReadId >= r.m.id),
  } satisfies ChatMessageItem;
}

const readsOf = (db: Db, orderId: number) =>
  db.select({ reader: cr.reader, lastReadId: cr.lastReadId }).from(cr).where(eq(cr.orderId, orderId));

function selectMessages(db: Db) {
  return db
    .select({ m: cm, user: tables.users.name, staff: tables.staff.name, admin: tables.admins.name })
    .from(cm)
    .leftJoin(tables.users, eq(tables.users.id, cm.userId))
    .leftJoin(tables.staff, eq(tables.staff.id, cm.staffId))
    .leftJoin(tables.admins, eq(tables.admins.id, cm.adminId));
}

/**
 * The thread: newest CHAT_PAGE_SIZE messages (newest last), or those before `before`, or
 * every message after `after` (what arrived since, for live pages).
 */
export async function getThread(
  db: Db,
  viewer: Viewer,
  orderId: number,
  q: { before?: number; after?: number },
  lang: Lang,
): Promise<ChatThread> {
  const order = await threadOrder(db, viewer, orderId);
  const forward = q.after !== undefined && q.before === undefined;
  const rows = await selectMessages(db)
    .where(
      and(
        eq(cm.orderId, order.id),
        q.before !== undefined ? lt(cm.id, q.before) : undefined,
        forward ? gt(cm.id, q.after!) : undefined,
      ),
    )
    .orderBy(forward ? asc(cm.id) : desc(cm.id))
    .limit(forward ? 500 : CHAT_PAGE_SIZE + 1);
  const page = forward ? rows : rows.slice(0, CHAT_PAGE_SIZE).reverse();
  const reads = await readsOf(db, order.id);
  const at = readOnlyAt(order);
  return {
    order: { id: order.id, number: order.number, kind: order.kind as ChatKind, status: order.status },
    me: viewer.role,
    participants: await participantsOf(db, order, viewer, lang),
    messages: page.map((r) => toItem(r, viewer, reads, lang)),
    has_more: !forward && rows.length > CHAT_PAGE_SIZE,
    last_read_id: reads.find((r) => r.reader === readerKey(viewer))?.lastReadId ?? 0,
    read_only: isReadOnly(order),
    read_only_at: at ? at.toISOString() : null,
  };
}

/** Tells the participants' open streams that the thread changed (at commit inside a transaction). */
async function signal(db: Db, order: Order, data: ChatStreamEvent) {
  const s = { event: 'chat', data };
  await publishSignal(db, 'u', [order.userId], s);
  const staff = await threadStaff(db, order);
  if (staff.length)
    await publishSignal(
      db,
      's',
      staff.map((x) => x.staffId),
      s,
    );
  await publishSignal(db, 'a', null, { ...s, permission: 'orders.view' });
}

/**
 * Moves the viewer's read mark up to `lastId` (never back); `viewing`: also marks them viewing the
 * thread now (the page's read calls; sending a message does not, so a sender who left is told of
 * the answer).
 */
async function touchRead(db: Db, orderId: number, viewer: Viewer, lastId: number, viewing: boolean) {
  const [row] = await db
    .insert(cr)
    .values({ orderId, reader: readerKey(viewer), lastReadId: lastId, updatedAt: viewing ? sql`now()` : new Date(0) })
    .onConflictDoUpdate({
      target: [cr.orderId, cr.reader],
      set: {
        lastReadId: sql`greatest(${cr.lastReadId}, excluded.last_read_id)`,
        // The column's own on-update would mark the sender viewing.
        updatedAt: viewing ? sql`now()` : sql`${cr.updatedAt}`,
      },
    })
    .returning({ lastReadId: cr.lastReadId });
  return row!.lastReadId;
}

/** Sends a message: stored, the sender's mark moved to it, `chat.message` emitted, streams told; answers the item. */
export async function sendMessage(app: App, viewer: Viewer, orderId: number, body: ChatMessageBody, lang: Lang) {
  body.images.forEach((url, i) => {
    if (!isStoredImage(app, url, CHAT_FOLDER)) throw fieldError(`images.${i}`, 'validation.invalid');
  });
  const message = await retryTransaction(app.db, async (tx) => {
    const order = await threadOrder(tx, viewer, orderId);
    assertWritable(order);
    const [m] = await tx
      .insert(cm)
      .values({
        orderId: order.id,
        sender: viewer.role,
        userId: viewer.role === 'customer' ? viewer.id : null,
        staffId: viewer.role === 'staff' ? viewer.id : null,
        adminId: viewer.role === 'admin' ? viewer.id : null,
        body: body.text,
        images: body.images,
      })
      .returning();
    await touchRead(tx, order.id, viewer, m!.id, false);
    await emit(tx, {
      type: 'chat.message',
      payload: { order_id: order.id, message_id: m!.id, sender: readerKey(viewer) },
    });
    await signal(tx, order, { order_id: order.id, message_id: m!.id });
    return m!;
  });
  await app.events.deliver();
  const [named] = await selectMessages(app.db).where(eq(cm.id, message.id));
  return toItem(named!, viewer, await readsOf(app.db, orderId), lang);
}

/** The viewer read up to `lastId` (default: the newest message); also the open page's heartbeat. */
export async function markRead(app: App, viewer: Viewer, orderId: number, lastId?: number) {
  return retryTransaction(app.db, async (tx) => {
    const order = await threadOrder(tx, viewer, orderId);
    const [newest] = await tx
      .select({ id: sql<number>`coalesce(max(${cm.id}), 0)` })
      .from(cm)
      .where(eq(cm.orderId, order.id));
    const target = Math.min(lastId ?? newest!.id, newest!.id);
    const [before] = await tx
      .select({ lastReadId: cr.lastReadId })
      .from(cr)
      .where(and(eq(cr.orderId, order.id), eq(cr.reader, readerKey(viewer))));
    const mark = await touchRead(tx, order.id, viewer, target, true);
    if (mark > (before?.lastReadId ?? 0)) await signal(tx, order, { order_id: order.id, read: true });
    return mark;
  });
}

/** The read keys of the thread's participants viewing it now. */
async function viewersOf(db: Db, orderId: number) {
  const rows = await db
    .select({ reader: cr.reader })
    .from(cr)
    .where(and(eq(cr.orderId, orderId), sql`${cr.updatedAt} > now() - make_interval(secs => ${CHAT_VIEWING_SECONDS})`));
  return new Set(rows.map((r) => r.reader));
}

/**
 * The outbox subscriber of `chat.message`: `new_message` to the customer, the staff taking part
 * (threadStaff) and the admins who see orders, but neither the sender nor anyone viewing the
 * thread; each in both languages (the reader's own shows), opening the chat (a technician's: the
 * staff page of their order or visit, where the thread is).
 */
export const chatNotifications: Subscriber = async (app, tx, event) => {
  if (event.type !== 'chat.message') return;
  const p = event.payload;
  const [order] = await tx.select().from(o).where(eq(o.id, p.order_id));
  if (!order) return;
  const quiet = await viewersOf(tx, order.id);
  quiet.add(p.sender);
  const within = withinTransaction(app, tx);
  const data = { order_id: order.id, kind: order.kind, message_id: p.message_id };
  const text = notificationText('new_message', order.number);
  if (!quiet.has(`customer:${order.userId}`)) {
    const link = notificationPage('new_message', { order_id: order.id, kind: order.kind });
    await notifyUsers(within, [order.userId], { ...text, order_id: order.id, link, data });
  }
  for (const staff of await threadStaff(tx, order)) {
    if (quiet.has(`staff:${staff.staffId}`)) continue;
    // It opens the staff view's page of their order or visit, where the chat is (notificationLink's rule for staff).
    await notifyStaff(within, [staff.staffId], { ...text, order_id: staff.orderId, data });
  }
  const admins = (await adminsWhoCan(tx, 'orders.view')).filter((id) => !quiet.has(`admin:${id}`));
  if (admins.length) await notifyAdmins(within, admins, { ...text, link: adminOrderPage(order.kind, order.id), data });
};
