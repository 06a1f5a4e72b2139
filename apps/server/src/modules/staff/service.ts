/**
 * Engineers and technicians in the dashboard (a `staff` permission): the list
 * with filters, create and edit (name, phone, job, service cities, working
 * hours, photo), block (revokes their sessions) and delete. Average rating and
 * count come with each one.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { isUniqueViolation, tables, type Db } from '@pool/db';
import {
  STAFF_PER_PAGE,
  isFinal,
  type Lang,
  type StaffInput,
  type StaffItem,
  type StaffListQuery,
} from '@pool/contracts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { revokeStaffTokens } from './sessions.ts';
import { contains } from '../../lib/like.ts';
import { pages } from '../../lib/pagination.ts';

const s = tables.staff;
const sc = tables.staffCities;
const c = tables.cities;
const o = tables.orders;
type StaffRow = typeof s.$inferSelect;

const live = isNull(s.deletedAt);

async function citiesOf(db: Db, ids: number[], lang: Lang) {
  const out = new Map<number, { id: number; name: string }[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({ staffId: sc.staffId, id: c.id, nameAr: c.nameAr, nameEn: c.nameEn })
    .from(sc)
    .innerJoin(c, eq(c.id, sc.cityId))
    .where(inArray(sc.staffId, ids))
    .orderBy(asc(c.id));
  for (const r of rows) {
    out.set(r.staffId, [...(out.get(r.staffId) ?? []), { id: r.id, name: lang === 'en' ? r.nameEn : r.nameAr }]);
  }
  return out;
}

/** Open work per staff member: assigned orders whose state is not final for their kind. */
async function openOrdersOf(db: Db, ids: number[]) {
  const out = new Map<number, number>();
  if (!ids.length) return out;
  const rows = await db
    .select({ staffId: o.staffId, kind: o.kind, status: o.status, n: count() })
    .from(o)
    .where(inArray(o.staffId, ids))
    .groupBy(o.staffId, o.kind, o.status);
  for (const r of rows) {
    if (r.staffId === null || isFinal(r.kind, r.status)) continue;
    out.set(r.staffId, (out.get(r.staffId) ?? 0) + r.n);
  }
  return out;
}

export const ratingOf = (row: Pick<StaffRow, 'ratingAvg' | 'ratingCount'>) =>
  row.ratingCount ? Math.round(row.ratingAvg / 10) / 10 : null;

function toItem(row: StaffRow, cities: { id: number; name: string }[], open: number): StaffItem {
  return {
    id: row.id,
    name: row.name,
    country_code: row.countryCode,
    phone: row.phone,
    image: row.image,
    job: row.job,
    cities,
    working_hours: row.workingHours,
    is_blocked: row.isBlocked,
    rating: ratingOf(row),
    ratings_count: row.ratingCount,
    open_orders: open,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listStaff(db: Db, q: StaffListQuery, lang: Lang) {
  const search = q.q?.trim();
  const where = and(
    live,
    q.job ? eq(s.job, q.job) : undefined,
    q.status ? eq(s.isBlocked, q.status === 'blocked') : undefined,
    q.city_id
      ? sql`exists (select 1 from ${sc} where ${sc.staffId} = ${s.id} and ${sc.cityId} = ${q.city_id})`
      : undefined,
    search
      ? (or(
          ilike(s.name, contains(search)),
          ilike(s.phone, contains(search.replace(/^\+?966/, '').replace(/^0/, ''))),
        ) as SQL)
      : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(s).where(where);
  const rows = await db
    .select()
    .from(s)
    .where(where)
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(STAFF_PER_PAGE)
    .offset((q.page - 1) * STAFF_PER_PAGE);
  const ids = rows.map((r) => r.id);
  const [cities, open] = await Promise.all([citiesOf(db, ids, lang), openOrdersOf(db, ids)]);
  return {
    data: rows.map((r) => toItem(r, cities.get(r.id) ?? [], open.get(r.id) ?? 0)),
    pagination: pages(total, STAFF_PER_PAGE, q.page),
  };
}

export async function findStaff(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.id, id), live));
  return row ?? null;
}

export async function getStaff(db: Db, id: number, lang: Lang): Promise<StaffItem> {
  const row = await findStaff(db, id);
  if (!row) throw notFound();
  const [cities, open] = await Promise.all([citiesOf(db, [id], lang), openOrdersOf(db, [id])]);
  return toItem(row, cities.get(id) ?? [], open.get(id) ?? 0);
}

async function checkCities(db: Db, ids: number[]) {
  const found = await db.select({ id: c.id }).from(c).where(inArray(c.id, ids));
  if (found.length !== new Set(ids).size) throw fieldError('city_ids', 'validation.invalid');
}

const phoneTaken = () => fieldError('phone', 'staff.phone_taken');

/** Creates or edits a staff member (their cities replaced); a number another one has answers 422. */
export async function saveStaff(db: Db, id: number | null, input: StaffInput, image: string | null | undefined) {
  await checkCities(db, input.city_ids);
  try {
    return await db.transaction(async (tx) => {
      const values = {
        name: input.name,
        countryCode: input.country_code,
        phone: input.phone,
        job: input.job,
        workingHours: input.working_hours,
        ...(image !== undefined ? { image } : {}),
      };
      let row: StaffRow | undefined;
      if (id === null) {
        [row] = await tx.insert(s).values(values).returning();
      } else {
        const before = await findStaff(tx, id);
        if (!before) throw notFound();
        [row] = await tx.update(s).set(values).where(eq(s.id, id)).returning();
        // A new number is a new sign-in: the old sessions end.
        if (before.phone !== input.phone || before.countryCode !== input.country_code) {
          await revokeStaffTokens(tx, id, 'phone_change');
        }
        await tx.delete(sc).where(and(eq(sc.staffId, id), notInArray(sc.cityId, input.city_ids)));
      }
      await tx
        .insert(sc)
        .values([...new Set(input.city_ids)].map((cityId) => ({ staffId: row!.id, cityId })))
        .onConflictDoNothing();
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw phoneTaken();
    throw err;
  }
}

/** Blocking ends every session at once (their next call answers `blocked`). */
export async function setStaffBlocked(db: Db, id: number, blocked: boolean) {
  await db.transaction(async (tx) => {
    const row = await findStaff(tx, id);
    if (!row) throw notFound();
    await tx.update(s).set({ isBlocked: blocked }).where(eq(s.id, id));
    if (blocked) await revokeStaffTokens(tx, id, 'blocked');
  });
}

/** Deletes (keeps the row for the history of the orders they worked on) and ends their sessions. */
export async function deleteStaff(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const row = await findStaff(tx, id);
    if (!row) throw notFound();
    await tx.update(s).set({ deletedAt: new Date() }).where(eq(s.id, id));
    await revokeStaffTokens(tx, id, 'deleted');
  });
}
