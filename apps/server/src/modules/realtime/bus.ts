/**
 * Fan-out of new notifications between server processes through PostgreSQL
 * LISTEN/NOTIFY (PGlite has its own listen/notify for the single-process
 * default). A message carries only ids; a process that has a stream open
 * for one of the recipients loads the row itself.
 */
import { and, asc, gt, inArray, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import type { Permission } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { listenChannel } from '../../lib/pg-listen.ts';

export const CHANNEL = 'pool_notifications';
/** Recipient kind: a customer, an admin or a staff member. */
export type Recipient = 'u' | 'a' | 's';
export type NotificationRow = typeof tables.notifications.$inferSelect;

/** The id of the row's recipient of that kind (null when the row is someone else's kind). */
export const recipientOf = (row: NotificationRow, kind: Recipient) =>
  kind === 'u' ? row.userId : kind === 'a' ? row.adminId : row.staffId;
/**
 * A live event that is no stored notification (the chat's `chat`): its name and data, sent as they
 * are to the streams of the recipients named; `permission`: only admins holding it.
 */
export type Signal = { event: string; data: unknown; permission?: Permission };
/** `n`: [notification id, recipient id] pairs; or `s`: a signal to recipients `to` (null: every one of that kind). */
type Message = { r: Recipient; n: [number, number][] } | { r: Recipient; s: Signal; to: number[] | null };
type Listener = (row: NotificationRow) => void;
type SignalListener = (signal: Signal) => void;
/** `sent`: the ids given to this subscriber lately, so a catch-up after a lost LISTEN gives none twice. */
type Entry = { row: Listener; signal?: SignalListener; sent: Set<number>; at: number };

/** Ids remembered per subscriber (a catch-up covers the last minute, far fewer for one recipient). */
const SENT_KEPT = 500;
/** A catch-up after a lost LISTEN reads the rows made this long before the connection was last known good. */
const CATCH_UP_MARGIN_MS = 60_000;
/** A row's time is the database's clock at its transaction's start; the subscription's, this process's. */
const SUBSCRIBE_SKEW_MS = 1000;

/** ~15 bytes a pair keeps each payload well under PostgreSQL's 8000-byte limit. */
const PAIRS_PER_MESSAGE = 400;

/**
 * Announces new rows to every process. One statement for all chunks; inside a
 * transaction PostgreSQL delivers them at commit.
 */
export async function publish(db: Db, kind: Recipient, rows: { id: number; recipient: number }[]) {
  if (!rows.length) return;
  const payloads: string[] = [];
  for (let i = 0; i < rows.length; i += PAIRS_PER_MESSAGE) {
    const n = rows.slice(i, i + PAIRS_PER_MESSAGE).map((r) => [r.id, r.recipient]);
    payloads.push(JSON.stringify({ r: kind, n }));
  }
  const list = sql.join(
    payloads.map((p) => sql`${p}`),
    sql`, `,
  );
  await db.execute(sql`select pg_notify(${CHANNEL}, p) from unnest(array[${list}]::text[]) as p`);
}

/** Announces a signal to the streams of `to` (null: every stream of that kind); at commit inside a transaction. */
export async function publishSignal(db: Db, kind: Recipient, to: number[] | null, signal: Signal) {
  if (to && !to.length) return;
  const payload = JSON.stringify({ r: kind, s: signal, to } satisfies Message);
  await db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
}

export type Bus = {
  /**
   * Calls `listener` with each new notification of that recipient, and `onSignal` with each signal
   * to it; answers the unsubscribe function.
   */
  subscribe: (kind: Recipient, id: number, listener: Listener, onSignal?: SignalListener) => Promise<() => void>;
  close: () => Promise<void>;
};

const nothing = () => {};

/** The notifications of `ids`, oldest first. */
export const readNotifications = async (db: Db, ids: number[]): Promise<NotificationRow[]> =>
  db
    .select()
    .from(tables.notifications)
    .where(inArray(tables.notifications.id, ids))
    .orderBy(asc(tables.notifications.id));

/** `readRows`: how a message's rows are read (a test slows one down). */
export function createBus(app: App, readRows: typeof readNotifications = readNotifications): Bus {
  const subscribers: Record<Recipient, Map<number, Set<Entry>>> = { u: new Map(), a: new Map(), s: new Map() };

  const give = (entry: Entry, row: NotificationRow) => {
    if (entry.sent.has(row.id)) return;
    entry.sent.add(row.id);
    if (entry.sent.size > SENT_KEPT) entry.sent.delete(entry.sent.values().next().value!);
    entry.row(row);
  };

  /**
   * What a message gives its subscribers, read at once: the rows' query of each message runs as it comes,
   * but what they give is handed out in the messages' order (`onPayload`).
   */
  async function read(payload: string): Promise<() => void> {
    let msg: Message;
    try {
      msg = JSON.parse(payload) as Message;
    } catch {
      return nothing;
    }
    const subs = subscribers[msg.r];
    if (!subs) return nothing;
    if ('s' in msg) {
      const { s: signal, to } = msg;
      return () => {
        for (const id of to ?? [...subs.keys()]) for (const entry of subs.get(id) ?? []) entry.signal?.(signal);
      };
    }
    if (!Array.isArray(msg.n)) return nothing;
    const ids = msg.n.filter(([, to]) => subs.has(to)).map(([id]) => id);
    if (!ids.length) return nothing;
    const rows = await readRows(app.db, ids);
    const kind = msg.r;
    return () => {
      for (const row of rows) {
        const to = recipientOf(row, kind);
        for (const entry of (to !== null && subs.get(to)) || []) give(entry, row);
      }
    };
  }
  /**
   * The messages' turn: one move sends several notifications (completed, then "rate the technician"), each its
   * own message. Their reads run side by side on the pool and may end in any order; a phone shows the newest
   * alert, so they are given in the order they were sent.
   */
  let turn: Promise<void> = Promise.resolve();
  const onPayload = (payload: string) => {
    // A busy pool may refuse the read once: try again a moment later before giving up on the rows.
    const given = read(payload)
      .catch(() => new Promise((r) => setTimeout(r, 1000)).then(() => read(payload)))
      .catch((err: unknown) => {
        app.log.error({ err }, 'realtime: delivering a notification failed');
        return nothing;
      });
    turn = turn
      .then(() => given)
      .then((hand) => hand())
      .catch((err: unknown) => app.log.error({ err }, 'realtime: delivering a notification failed'));
  };

  /**
   * After a lost LISTEN connection comes back, what was announced meanwhile was missed: the open streams
   * get the rows of their recipients made since shortly before the connection was last known good
   * (each row once per stream).
   */
  let goodSince: number | null = null;
  async function catchUp() {
    const since = goodSince;
    goodSince = Date.now();
    if (since === null) return;
    const n = tables.notifications;
    const columns = { u: n.userId, a: n.adminId, s: n.staffId } as const;
    for (const kind of ['u', 'a', 's'] as const) {
      const subs = subscribers[kind];
      if (!subs.size) continue;
      const rows = await app.db
        .select()
        .from(n)
        .where(and(inArray(columns[kind], [...subs.keys()]), gt(n.createdAt, new Date(since - CATCH_UP_MARGIN_MS))))
        .orderBy(asc(n.id));
      for (const row of rows) {
        const to = recipientOf(row, kind);
        for (const entry of (to !== null && subs.get(to)) || []) {
          // Only what was made after the stream subscribed: what came before, its client has (or asked
          // for with Last-Event-ID, and the stream sent it already).
          if (row.createdAt.getTime() >= entry.at - SUBSCRIBE_SKEW_MS) give(entry, row);
        }
      }
    }
  }
  const onConnect = () =>
    void catchUp().catch((err) => app.log.error({ err }, 'realtime: the catch-up after a lost LISTEN failed'));
  const onPayloadSeen = (payload: string) => {
    goodSince = Date.now();
    onPayload(payload);
  };

  /** The LISTEN starts with the first stream, so apps that never stream hold no extra connection. */
  const channel = listenChannel(app, CHANNEL, { onPayload: onPayloadSeen, onConnect });

  return {
    async subscribe(kind, id, listener, onSignal) {
      const map = subscribers[kind];
      const set = map.get(id) ?? new Set();
      const entry: Entry = { row: listener, signal: onSignal, sent: new Set(), at: Date.now() };
      set.add(entry);
      map.set(id, set);
      try {
        await channel.start();
      } catch (err) {
        app.log.error({ err }, 'realtime: LISTEN failed');
      }
      return () => {
        set.delete(entry);
        if (!set.size && map.get(id) === set) map.delete(id);
      };
    },
    close: () => channel.close(),
  };
}
