/**
 * Complaints and inquiries (DOMAIN.md "Complaints and inquiries"): the customer
 * files one (about one of their orders or not), reads the replies, answers an
 * answer and closes it; admins take or assign it, answer it (`complaint_reply`
 * to the customer: in-page, live and push), promise a fix date and close it.
 *
 * Every move is checked against the machine of contracts/complaints.ts under a
 * row lock: the state it starts from and the actor; anything else is a 409 in
 * the asker's language. A customer sees only their own (others: 404). Admins
 * who see complaints are told of a new one (`new`), and the admin handling one
 * of a customer's reply; all in the move's transaction.
 */
import { and, count, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  canMove,
  COMPLAINT_IMAGE_FOLDER,
  COMPLAINTS_PER_PAGE,
  COMPLAINT_STATUSES,
  nextStatus,
  notificationPage,
  type AdminComplaintDetail,
  type AdminComplaintItem,
  type AdminComplaintsQuery,
  type ComplaintBody,
  type ComplaintDetail,
  type ComplaintItem,
  type ComplaintMove,
  type ComplaintReplyBody,
  type ComplaintReplyItem,
  type ComplaintStatus,
  type Lang,
  type OrderKind,
} from '@pool/contracts';
import { translate } from '@pool/i18n';
import type { App } from '../../app-type.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { retryTransaction } from '../../lib/retry.ts';
import { withinTransaction } from '../events/index.ts';
import { iso } from '../orders/index.ts';
import { pages } from '../../lib/pagination.ts';
import { adminsWhoCan, notifyAdmins, notifyUsers, publishSignal, type NotificationInput } from '../realtime/index.ts';
import { displayUrls, isStoredImage } from '../uploads/index.ts';
import { riyadhDay } from '../visits/index.ts';

const c = tables.complaints;
const r = tables.complaintReplies;
const o = tables.orders;
const u = tables.users;
const a = tables.admins;
type Row = typeof c.$inferSelect;
type ReplyRow = typeof r.$inferSelect;

/** Who asks: the complaint's customer, or an admin. */
export type Actor = { role: 'customer'; id: number } | { role: 'admin'; id: number };

const EXCERPT = 160;
const DAY_MS = 86_400_000;

/** The dashboard's page of a complaint (where admins' notices lead). */
export const adminComplaintPage = (id: number) => `/admin/complaints/${id}`;

const imagesOf = (urls: string[]) => urls.map((url) => ({ url, thumbnail: displayUrls(url)[320] }));

function checkImages(app: App, urls: string[]) {
  urls.forEach((url, i) => {
    if (!isStoredImage(app, url, COMPLAINT_IMAGE_FOLDER)) throw fieldError(`images.${i}`, 'validation.invalid');
  });
}

/** Both languages of `key` (the `complaints` area) with `params` (the catalogue isolates numbers in Arabic). */
function texts(key: string, params: Record<string, string>) {
  return {
    title_ar: translate('ar', `complaints.${key}_title`, params),
    title_en: translate('en', `complaints.${key}_title`, params),
    body_ar: translate('ar', `complaints.${key}_body`, params),
    body_en: translate('en', `complaints.${key}_body`, params),
  };
}

/** Tells admins of a complaint (the type `new` of the catalogue, with the complaint's own texts), opening it. */
async function tellAdmins(app: App, ids: number[], complaint: Row, key: string, params: Record<string, string> = {}) {
  if (!ids.length) return;
  const input: NotificationInput = {
    type: 'new',
    ...texts(key, { ...params, id: `#${complaint.id}` }),
    link: adminComplaintPage(complaint.id),
    data: { complaint_id: complaint.id, kind: complaint.kind },
  };
  await notifyAdmins(app, ids, input);
}

// ---------------------------------------------------------------- reading

const orderOf = (row: { orderId: number | null; number: string | null; orderKind: string | null }) =>
  row.orderId && row.number ? { id: row.orderId, number: row.number, kind: row.orderKind as OrderKind } : null;

const repliesCount = sql<number>`(select count(*)::int from ${r} where ${r.complaintId} = ${c.id})`;

function selectItems(db: Db) {
  return db
    .select({
      c,
      number: o.number,
      orderKind: o.kind,
      replies: repliesCount,
      customerName: u.name,
      customerCode: u.countryCode,
      customerPhone: u.phone,
      assigneeName: a.name,
    })
    .from(c)
    .innerJoin(u, eq(u.id, c.userId))
    .leftJoin(o, eq(o.id, c.orderId))
    .leftJoin(a, eq(a.id, c.adminId));
}
type Selected = Awaited<ReturnType<ReturnType<typeof selectItems>['where']>>[number];

function toItem(s: Selected): ComplaintItem {
  const text = s.c.body.replace(/\s+/g, ' ').trim();
  return {
    id: s.c.id,
    kind: s.c.kind,
    status: s.c.status,
    excerpt: text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text,
    order: orderOf({ orderId: s.c.orderId, number: s.number, orderKind: s.orderKind }),
    replies_count: s.replies,
    created_at: s.c.createdAt.toISOString(),
    updated_at: s.c.updatedAt.toISOString(),
  };
}

function toAdminItem(s: Selected): AdminComplaintItem {
  return {
    ...toItem(s),
    customer: { id: s.c.userId, name: s.customerName, country_code: s.customerCode, phone: s.customerPhone },
    assignee: s.c.adminId && s.assigneeName ? { id: s.c.adminId, name: s.assigneeName } : null,
    first_reply_at: iso(s.c.firstReplyAt),
  };
}

async function list(db: Db, where: SQL | undefined, page: number) {
  const [rows, [total]] = await Promise.all([
    selectItems(db)
      .where(where)
      .orderBy(desc(c.id))
      .limit(COMPLAINTS_PER_PAGE)
      .offset((page - 1) * COMPLAINTS_PER_PAGE),
    db.select({ n: count() }).from(c).leftJoin(o, eq(o.id, c.orderId)).where(where),
  ]);
  return { rows, pagination: pages(total?.n ?? 0, COMPLAINTS_PER_PAGE, page) };
}

/** My complaints and inquiries, newest first. */
export async function listMine(db: Db, userId: number, page: number) {
  const { rows, pagination } = await list(db, eq(c.userId, userId), page);
  return { data: rows.map(toItem), pagination };
}

/** The dashboard's inbox: filters by kind, state, the order's kind (`none`: about no order), age, mine. */
export async function listForAdmins(db: Db, adminId: number, q: AdminComplaintsQuery) {
  const days = q.age ? Number.parseInt(q.age, 10) : 0;
  const where = and(
    q.kind ? eq(c.kind, q.kind) : undefined,
    q.status ? eq(c.status, q.status) : undefined,
    q.order_kind === 'none' ? isNull(c.orderId) : q.order_kind ? eq(o.kind, q.order_kind) : undefined,
    days ? lt(c.createdAt, new Date(Date.now() - days * DAY_MS)) : undefined,
    q.mine ? eq(c.adminId, adminId) : undefined,
  );
  const [{ rows, pagination }, counts] = await Promise.all([list(db, where, q.page), countByStatus(db)]);
  return { data: rows.map(toAdminItem), pagination, counts };
}

/** How many complaints are in each state. */
export async function countByStatus(db: Db) {
  const rows = await db.select({ status: c.status, n: count() }).from(c).groupBy(c.status);
  const counts = Object.fromEntries(COMPLAINT_STATUSES.map((s) => [s, 0])) as Record<ComplaintStatus, number>;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

async function repliesOf(db: Db, id: number, viewer: Actor['role'], lang: Lang): Promise<ComplaintReplyItem[]> {
  const rows = await db
    .select({ r, userName: u.name, adminName: a.name })
    .from(r)
    .leftJoin(u, eq(u.id, r.userId))
    .leftJoin(a, eq(a.id, r.adminId))
    .where(eq(r.complaintId, id))
    .orderBy(r.id);
  const management = translate(lang, 'complaints.management');
  return rows.map((x) => ({
    id: x.r.id,
    author: x.r.author,
    // The customer reads "the management", admins read each other's names.
    author_name:
      x.r.author === 'customer'
        ? (x.userName ?? translate(lang, 'complaints.customer'))
        : viewer === 'admin'
          ? (x.adminName ?? management)
          : management,
    text: x.r.body,
    images: imagesOf(x.r.images),
    created_at: x.r.createdAt.toISOString(),
  }));
}

async function selectOne(db: Db, id: number, userId?: number) {
  const [row] = await selectItems(db).where(and(eq(c.id, id), userId === undefined ? undefined : eq(c.userId, userId)));
  if (!row) throw notFound();
  return row;
}

function detailOf(s: Selected, replies: ComplaintReplyItem[]) {
  const { excerpt: _excerpt, ...item } = toItem(s);
  return {
    ...item,
    text: s.c.body,
    images: imagesOf(s.c.images),
    promised_fix_date: s.c.promisedFixDate,
    answered_at: iso(s.c.answeredAt),
    closed_at: iso(s.c.closedAt),
    closed_by: s.c.closedBy,
    replies,
  };
}

/** One of my complaints with its replies; someone else's is 404. */
export async function myComplaint(db: Db, userId: number, id: number, lang: Lang): Promise<ComplaintDetail> {
  const s = await selectOne(db, id, userId);
  return {
    ...detailOf(s, await repliesOf(db, id, 'customer', lang)),
    can_reply: canMove('customer_reply', s.c.status),
    can_close: canMove('customer_close', s.c.status),
  };
}

/** A complaint for the dashboard, with what the machine allows now. */
export async function adminComplaint(db: Db, id: number, lang: Lang): Promise<AdminComplaintDetail> {
  const s = await selectOne(db, id);
  const item = toAdminItem(s);
  const status = s.c.status;
  return {
    ...detailOf(s, await repliesOf(db, id, 'admin', lang)),
    customer: item.customer,
    assignee: item.assignee,
    first_reply_at: item.first_reply_at,
    can_take: canMove('assign', status) && s.c.adminId === null,
    can_assign: canMove('assign', status),
    can_reply: canMove('admin_reply', status),
    can_promise: canMove('promise', status),
    can_close: canMove('admin_close', status),
  };
}

/** The admins a complaint may be assigned to: those who may answer it. */
export async function assignees(db: Db) {
  const ids = await adminsWhoCan(db, 'complaints.reply');
  if (!ids.length) return [];
  return db.select({ id: a.id, name: a.name }).from(a).where(inArray(a.id, ids)).orderBy(a.name);
}

// ---------------------------------------------------------------- moves

/** A move refused in this state: 409, saying why in the asker's language. */
const refused = (move: ComplaintMove, status: ComplaintStatus) =>
  new AppError('fail', status === 'closed' ? 'complaints.already_closed' : `complaints.cannot_${move}`, {
    status: 409,
  });

/**
 * Runs `move` on complaint `id` under a row lock: 404 when the actor may not see it, 409 when the
 * machine refuses it from its state; `apply` makes the move's changes (state set here) and its notices.
 */
async function transition(
  app: App,
  actor: Actor,
  id: number,
  move: ComplaintMove,
  apply: (tx: Db, row: Row) => Promise<Partial<Row>>,
) {
  const updated = await retryTransaction(app.db, async (tx) => {
    const [row] = await tx
      .select()
      .from(c)
      .where(and(eq(c.id, id), actor.role === 'customer' ? eq(c.userId, actor.id) : undefined))
      .for('update');
    if (!row) throw notFound();
    if (!canMove(move, row.status)) throw refused(move, row.status);
    const changes = await apply(tx, row);
    const [done] = await tx
      .update(c)
      .set({ ...changes, status: nextStatus(move, row.status) })
      .where(eq(c.id, id))
      .returning();
    return done!;
  });
  // The customer's open page follows every change the management makes, also one that sends no
  // notification (taken for review, a promised date, closed).
  if (actor.role === 'admin') {
    await publishSignal(app.db, 'u', [updated.userId], { event: 'complaint', data: { complaint_id: id } });
  }
  return updated;
}

async function addReply(tx: Db, complaintId: number, actor: Actor, body: ComplaintReplyBody) {
  const [reply] = await tx
    .insert(r)
    .values({
      complaintId,
      author: actor.role,
      userId: actor.role === 'customer' ? actor.id : null,
      adminId: actor.role === 'admin' ? actor.id : null,
      body: body.text,
      images: body.images,
    })
    .returning();
  return reply as ReplyRow;
}

/** Files an inquiry or a complaint: stored open, and the admins who see complaints are told. */
export async function fileComplaint(app: App, userId: number, body: ComplaintBody) {
  checkImages(app, body.images);
  return retryTransaction(app.db, async (tx) => {
    if (body.order_id !== undefined) {
      const [order] = await tx
        .select({ id: o.id })
        .from(o)
        .where(and(eq(o.id, body.order_id), eq(o.userId, userId)));
      if (!order) throw fieldError('order_id', 'complaints.order_not_yours');
    }
    const [row] = await tx
      .insert(c)
      .values({ userId, kind: body.kind, orderId: body.order_id ?? null, body: body.text, images: body.images })
      .returning();
    const [customer] = await tx.select({ name: u.name }).from(u).where(eq(u.id, userId));
    await tellAdmins(
      withinTransaction(app, tx),
      await adminsWhoCan(tx, 'complaints.view'),
      row!,
      `admin_new_${body.kind}`,
      { name: customer?.name ?? '' },
    );
    return row!;
  });
}

/** An admin takes the complaint, or assigns it to `adminId` (who may answer complaints); open -> in_review. */
export async function assign(app: App, actorId: number, id: number, adminId: number) {
  return transition(app, { role: 'admin', id: actorId }, id, 'assign', async (tx, row) => {
    if (!(await adminsWhoCan(tx, 'complaints.reply')).includes(adminId))
      throw fieldError('admin_id', 'complaints.assignee_invalid');
    if (adminId !== actorId && adminId !== row.adminId)
      await tellAdmins(withinTransaction(app, tx), [adminId], row, 'admin_assigned');
    return { adminId };
  });
}

/** The management's answer: stored, the complaint answered, `complaint_reply` to the customer. */
export async function adminReply(app: App, adminId: number, id: number, body: ComplaintReplyBody) {
  checkImages(app, body.images);
  return transition(app, { role: 'admin', id: adminId }, id, 'admin_reply', async (tx, row) => {
    const reply = await addReply(tx, row.id, { role: 'admin', id: adminId }, body);
    await notifyUsers(withinTransaction(app, tx), [row.userId], {
      type: 'complaint_reply',
      title_ar: translate('ar', 'events.complaint_reply_title'),
      title_en: translate('en', 'events.complaint_reply_title'),
      body_ar: translate('ar', 'events.complaint_reply_body'),
      body_en: translate('en', 'events.complaint_reply_body'),
      link: notificationPage('complaint_reply', { complaint_id: row.id }),
      data: { complaint_id: row.id, reply_id: reply.id },
    });
    return {
      answeredAt: reply.createdAt,
      firstReplyAt: row.firstReplyAt ?? reply.createdAt,
      adminId: row.adminId ?? adminId,
    };
  });
}

/** The customer answers the answer: back to review; the admin handling it (else every admin who sees complaints) is told. */
export async function customerReply(app: App, userId: number, id: number, body: ComplaintReplyBody) {
  checkImages(app, body.images);
  return transition(app, { role: 'customer', id: userId }, id, 'customer_reply', async (tx, row) => {
    await addReply(tx, row.id, { role: 'customer', id: userId }, body);
    const handling = row.adminId ? [row.adminId] : await adminsWhoCan(tx, 'complaints.view');
    await tellAdmins(withinTransaction(app, tx), handling, row, 'admin_customer_replied');
    return {};
  });
}

/** The promised fix date (today or later in Riyadh), or none. */
export async function promise(app: App, adminId: number, id: number, day: string | undefined) {
  if (day && day < riyadhDay(new Date())) throw fieldError('promised_fix_date', 'complaints.promise_past');
  return transition(app, { role: 'admin', id: adminId }, id, 'promise', async () => ({ promisedFixDate: day ?? null }));
}

/** Closes the complaint: an admin while it is handled, the customer after an answer. */
export async function close(app: App, actor: Actor, id: number) {
  const move = actor.role === 'admin' ? 'admin_close' : 'customer_close';
  return transition(app, actor, id, move, async () => ({ closedAt: new Date(), closedBy: actor.role }));
}

// ---------------------------------------------------------------- the dashboard's month

/**
 * The dashboard home's figures: complaints waiting for the management now (open or in review),
 * and the median time to the first reply (minutes) of those filed since `since` that have one.
 */
export async function complaintsMonth(db: Db, since: SQL) {
  const [row] = await db
    .select({
      open: sql<number>`(select count(*)::int from ${c} where ${c.status} in ('open', 'in_review'))`,
      median: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from (${c.firstReplyAt} - ${c.createdAt})) / 60)`,
    })
    .from(c)
    .where(and(sql`${c.createdAt} >= ${since}`, sql`${c.firstReplyAt} is not null`));
  return {
    open_complaints: row?.open ?? 0,
    median_first_reply_minutes:
      row?.median === null || row?.median === undefined ? null : Math.round(Number(row.median)),
  };
}
