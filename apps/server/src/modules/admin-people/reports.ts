/**
 * Reports: the audit log of admin writes, listed with filters (admin, method,
 * days, a search of the subject in the request language and the url) and one
 * entry at a time.
 */
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import type { Lang, ReportItem, ReportListQuery } from '@pool/contracts';
import { subjectKeysMatching, subjectText } from '../../lib/audit-subject.ts';
import { notFound } from '../../lib/errors.ts';
import { contains } from '../../lib/like.ts';
import { PER_PAGE, pageOf } from './listing.ts';

const { admins: a, auditLogs: log } = tables;

/** A day alone means its whole day (UTC): `from` at its start, `to` up to its end. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const fromDate = (v: string) => new Date(DAY.test(v) ? `${v}T00:00:00Z` : v);
const toDateExclusive = (v: string) =>
  DAY.test(v) ? new Date(Date.parse(`${v}T00:00:00Z`) + 86_400_000) : new Date(Date.parse(v) + 1);

const toReport = (
  row: typeof log.$inferSelect,
  admin: { id: number; name: string } | null,
  lang: Lang,
): ReportItem => ({
  id: row.id,
  admin: admin?.id ? { id: admin.id, name: admin.name } : null,
  subject: subjectText(lang, row.subject),
  url: row.url,
  method: row.method,
  ip: row.ip,
  agent: row.agent,
  status: row.status,
  created_at: row.createdAt.toISOString(),
});

/** `q` matches the stored subject, the subjects whose text in `lang` contains it, or the url. */
const reportSearch = (q: string, lang: Lang) => {
  const keys = subjectKeysMatching(lang, q);
  return or(
    ilike(log.subject, contains(q)),
    keys.length ? inArray(log.subject, keys) : undefined,
    ilike(log.url, contains(q)),
  );
};

export async function listReports(db: Db, query: ReportListQuery, lang: Lang) {
  const conditions: (SQL | undefined)[] = [
    query.admin_id ? eq(log.adminId, query.admin_id) : undefined,
    query.method ? eq(log.method, query.method) : undefined,
    query.from ? gte(log.createdAt, fromDate(query.from)) : undefined,
    query.to ? lt(log.createdAt, toDateExclusive(query.to)) : undefined,
    query.q ? reportSearch(query.q, lang) : undefined,
  ];
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(log).where(where);
  const rows = await db
    .select({ log, admin: { id: a.id, name: a.name } })
    .from(log)
    .leftJoin(a, eq(a.id, log.adminId))
    .where(where)
    .orderBy(desc(log.id))
    .limit(PER_PAGE)
    .offset((query.page - 1) * PER_PAGE);
  return { data: rows.map((x) => toReport(x.log, x.admin, lang)), pagination: pageOf(total, query.page) };
}

export async function getReport(db: Db, id: number, lang: Lang) {
  const [row] = await db
    .select({ log, admin: { id: a.id, name: a.name } })
    .from(log)
    .leftJoin(a, eq(a.id, log.adminId))
    .where(eq(log.id, id));
  if (!row) throw notFound();
  return toReport(row.log, row.admin, lang);
}
