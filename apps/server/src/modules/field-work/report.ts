/**
 * The visit report (DOMAIN.md, "Staff view"): the staff member assigned saves
 * it whole while on the way or on site, until the visit finishes; photos are
 * images uploaded for reports (the upload pipeline), water readings are
 * flagged against the healthy ranges declared once in contracts.
 */
import { eq, inArray } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  flagReadings,
  REPORT_PHOTO_FOLDER,
  reportComplete,
  type Lang,
  type VisitReportBody,
  type VisitReportView,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { fieldError } from '../../lib/errors.ts';
import { retryTransaction } from '../../lib/retry.ts';
import type { OrderRow } from './access.ts';
import { isStoredImage } from '../uploads/index.ts';
import { lockAssigned } from './access.ts';
import { conflict } from './extras.ts';

const r = tables.visitReports;

/** The states in which the staff member writes the report (before it, nothing was done; after, it is closed). */
export const REPORT_OPEN_STATES = ['on_the_way', 'arrived'];

export const assertReportOpen = (order: OrderRow) => {
  if (!REPORT_OPEN_STATES.includes(order.status)) throw conflict('report_closed');
};

/** Saves the report of an order assigned to `staffId`; refused (409) before "on the way" and after the visit. */
export async function saveReport(app: App, staffId: number, orderId: number, body: VisitReportBody) {
  for (const side of ['photos_before', 'photos_after'] as const) {
    body[side].forEach((url, n) => {
      if (!isStoredImage(app, url, REPORT_PHOTO_FOLDER)) throw fieldError(`${side}.${n}`, 'field-work.photo_invalid');
    });
  }
  const itemIds = [...new Set(body.parts.flatMap((p) => (p.item_id === undefined ? [] : [p.item_id])))];
  if (itemIds.length) {
    const si = tables.serviceItems;
    const known = new Set(
      (await app.db.select({ id: si.id }).from(si).where(inArray(si.id, itemIds))).map((i) => i.id),
    );
    body.parts.forEach((p, n) => {
      if (p.item_id !== undefined && !known.has(p.item_id)) {
        throw fieldError(`parts.${n}.item_id`, 'field-work.item_unavailable');
      }
    });
  }
  const readings = Object.fromEntries(Object.entries(body.readings).filter(([, v]) => typeof v === 'number'));
  const values = {
    staffId,
    checklist: body.checklist as Record<string, boolean>,
    photosBefore: [...new Set(body.photos_before)],
    photosAfter: [...new Set(body.photos_after)],
    parts: body.parts.map((p) => ({
      item_id: p.item_id ?? null,
      name_ar: p.name_ar,
      name_en: p.name_en,
      quantity: p.quantity,
    })),
    readings,
    notes: body.notes ?? '',
    updatedAt: new Date(),
  };
  await retryTransaction(app.db, async (tx) => {
    // The order's lock orders this save with "finish", which reads the report.
    assertReportOpen(await lockAssigned(tx, orderId, staffId));
    await tx
      .insert(r)
      .values({ orderId, ...values })
      .onConflictDoUpdate({ target: r.orderId, set: values });
  });
}

export async function reportRow(db: Db, orderId: number) {
  const [row] = await db.select().from(r).where(eq(r.orderId, orderId));
  return row ?? null;
}

export function toReportView(row: typeof r.$inferSelect, lang: Lang): VisitReportView {
  return {
    order_id: row.orderId,
    staff_id: row.staffId,
    checklist: row.checklist,
    photos_before: row.photosBefore,
    photos_after: row.photosAfter,
    parts: row.parts.map((p) => ({ ...p, name: lang === 'en' ? p.name_en : p.name_ar })),
    readings: row.readings as Record<string, number>,
    flags: flagReadings(row.readings),
    notes: row.notes,
    complete: reportComplete({ checklist: row.checklist, photos_after: row.photosAfter }),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The visit report of an order as its view, or null before one is saved (for the staff, the customer and the dashboard). */
export async function readReport(db: Db, orderId: number, lang: Lang) {
  const row = await reportRow(db, orderId);
  return row ? toReportView(row, lang) : null;
}
