import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Recipient } from './bus.ts';
import { createHeartbeat, type HeldStream, type LiveSessions } from './heartbeat.ts';

/** A stream that records its pings and whether it was ended. */
function streamOf(kind: Recipient, tokenId: number) {
  const s = { kind, tokenId, pings: 0, ended: false, ping: () => void s.pings++, end: () => void (s.ended = true) };
  return s satisfies HeldStream;
}

describe('the streams’ heartbeat', () => {
  afterEach(() => vi.useRealTimers());

  it('pings every stream, then checks each kind’s sessions at once and ends the streams of those gone', async () => {
    const asked: [Recipient, number[]][] = [];
    const live: Record<Recipient, number[]> = { u: [1, 3], a: [], s: [7] };
    const liveSessions: LiveSessions = async (kind, ids) => {
      asked.push([kind, ids]);
      return new Set(ids.filter((id) => live[kind].includes(id)));
    };
    const heartbeat = createHeartbeat({ everyMs: 60_000, liveSessions, onError: () => {} });
    // Two tabs of one session (token 1), a signed-out one (2), another (3), an admin's (7: a staff
    // member's token of the same id is no admin's), a staff member's (7).
    const streams = [streamOf('u', 1), streamOf('u', 1), streamOf('u', 2), streamOf('u', 3), streamOf('a', 7)];
    const staff = streamOf('s', 7);
    for (const s of [...streams, staff]) heartbeat.add(s);
    await heartbeat.beat();
    expect([...streams, staff].map((s) => s.pings)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(streams.map((s) => s.ended)).toEqual([false, false, true, false, true]);
    expect(staff.ended).toBe(false);
    expect(asked.sort()).toEqual([
      ['a', [7]],
      ['s', [7]],
      ['u', [1, 2, 3]],
    ]);
    for (const s of [...streams, staff]) heartbeat.remove(s);
  });

  it('checks many sessions 500 at a time; a failed check keeps that kind’s streams and reports the error', async () => {
    const sizes: number[] = [];
    const errors: unknown[] = [];
    const down = new Error('database away');
    const heartbeat = createHeartbeat({
      everyMs: 60_000,
      liveSessions: async (kind, ids) => {
        if (kind === 'a') throw down;
        sizes.push(ids.length);
        return new Set(ids);
      },
      onError: (err) => errors.push(err),
    });
    const customers = Array.from({ length: 1203 }, (_, i) => streamOf('u', i + 1));
    const admin = streamOf('a', 1);
    for (const s of [...customers, admin]) heartbeat.add(s);
    await heartbeat.beat();
    expect(sizes).toEqual([500, 500, 203]);
    expect(customers.some((s) => s.ended)).toBe(false);
    expect(admin).toMatchObject({ pings: 1, ended: false });
    expect(errors).toEqual([down]);
    for (const s of [...customers, admin]) heartbeat.remove(s);
  });

  it('beats on its period while a stream is held, and stops when none is', async () => {
    vi.useFakeTimers();
    const heartbeat = createHeartbeat({
      everyMs: 1000,
      liveSessions: async (_kind, ids) => new Set(ids),
      onError: () => {},
    });
    const one = streamOf('u', 1);
    heartbeat.add(one);
    await vi.advanceTimersByTimeAsync(3500);
    expect(one.pings).toBe(3);
    heartbeat.remove(one);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(3000);
    expect(one.pings).toBe(3);
  });
});
