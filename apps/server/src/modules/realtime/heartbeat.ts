/**
 * One heartbeat for all the streams a process holds, not a timer and a query for each: every period
 * each stream gets a comment line (proxies keep it open, the client sees it alive), then the sessions
 * of all of them are checked in a few queries (SECURITY.md 11: a logout, block or deletion ends the
 * stream at the next beat). With 5,000 streams that is 10 queries a period instead of 5,000.
 * A connection's own keep-alive, so a timer of this process, not a job of the queue.
 */
import type { Recipient } from './bus.ts';

/** What the heartbeat needs of an open stream. */
export type HeldStream = {
  kind: Recipient;
  /** The session the stream was opened with. */
  tokenId: number;
  ping: () => void;
  end: () => void;
};

/** Of `ids` (sessions of recipients of `kind`), those that still hold. */
export type LiveSessions = (kind: Recipient, ids: number[]) => Promise<Set<number>>;

/** Sessions checked in one query (a list of parameters). */
const CHECKED_AT_ONCE = 500;

export function createHeartbeat(o: { everyMs: number; liveSessions: LiveSessions; onError: (err: unknown) => void }) {
  const streams = new Set<HeldStream>();
  let timer: NodeJS.Timeout | null = null;

  async function check(kind: Recipient, held: HeldStream[]) {
    const ids = [...new Set(held.map((s) => s.tokenId))];
    const live = new Set<number>();
    for (let i = 0; i < ids.length; i += CHECKED_AT_ONCE) {
      for (const id of await o.liveSessions(kind, ids.slice(i, i + CHECKED_AT_ONCE))) live.add(id);
    }
    for (const s of held) if (!live.has(s.tokenId)) s.end();
  }

  /** Pings every stream, then ends those whose session ended. */
  async function beat() {
    const byKind = new Map<Recipient, HeldStream[]>();
    for (const s of streams) {
      s.ping();
      const held = byKind.get(s.kind);
      if (held) held.push(s);
      else byKind.set(s.kind, [s]);
    }
    // A kind whose check fails (the database away) keeps its streams until a later beat.
    await Promise.all([...byKind].map(([kind, held]) => check(kind, held).catch(o.onError)));
  }

  return {
    add(stream: HeldStream) {
      streams.add(stream);
      timer ??= setInterval(() => void beat(), o.everyMs);
    },
    remove(stream: HeldStream) {
      streams.delete(stream);
      if (streams.size === 0 && timer) {
        clearInterval(timer);
        timer = null;
      }
    },
    beat,
  };
}
