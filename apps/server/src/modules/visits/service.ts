/**
 * Cookie-less daily unique visitors (the dashboard's "visitors" card).
 * A visitor of a day is a keyed hash of (Riyadh day, IP, user agent): nothing
 * is stored on the visitor's device, and the hash cannot be joined across days
 * or reversed without the server's secret.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';

const BOTS = /bot|crawl|spider|slurp|facebookexternalhit|preview|headless|lighthouse|curl|wget|python|node-fetch/i;

/** The calendar day in Riyadh (UTC+3, no daylight saving) as YYYY-MM-DD. */
export const riyadhDay = (at: Date) => new Date(at.getTime() + 3 * 3600_000).toISOString().slice(0, 10);

/** Whether a request is a person opening a page of the customer site (not the dashboard, data or a robot). */
export function countsAsVisit(req: { method: string; url: string; headers: Record<string, unknown> }): boolean {
  if (req.method !== 'GET') return false;
  const path = req.url.split('?')[0] ?? '';
  if (path === '/admin' || path.startsWith('/admin/') || path.endsWith('.data')) return false;
  if (/\.[a-z0-9]{2,5}$/i.test(path)) return false;
  const agent = String(req.headers['user-agent'] ?? '');
  return agent.length > 0 && !BOTS.test(agent);
}

/**
 * Stores the visitor of the day once. `stored`: the visitors this process already stored (a page
 * view of a known visitor then costs no write).
 */
export async function recordVisit(
  db: Db,
  secret: string,
  v: { ip: string; agent: string; at?: Date },
  stored?: { has: (visitor: string) => boolean; add: (visitor: string) => unknown },
) {
  const day = riyadhDay(v.at ?? new Date());
  const visitor = createHmac('sha256', secret).update(`visit|${day}|${v.ip}|${v.agent}`).digest('hex');
  if (stored?.has(visitor)) return;
  await db.insert(tables.siteVisits).values({ day, visitor }).onConflictDoNothing();
  stored?.add(visitor);
}

/** Unique visitors per day from `from` (inclusive, YYYY-MM-DD) on. */
export async function visitorsPerDay(db: Db, from: string): Promise<{ day: string; visitors: number }[]> {
  const v = tables.siteVisits;
  return db
    .select({ day: sql<string>`${v.day}::text`, visitors: sql<number>`count(*)::int` })
    .from(v)
    .where(sql`${v.day} >= ${from}::date`)
    .groupBy(v.day)
    .orderBy(v.day);
}
