/**
 * The visit report being filled, kept in the browser (localStorage, by order) until it is saved:
 * a failed save, a lost connection or a reload on site no longer loses the checklist, readings,
 * notes, uploaded photos and parts. Restored when the form opens again; cleared once saved.
 */
import { READING_KEYS, REPORT_CHECKLIST, type ChecklistKey } from '@pool/contracts/field-work';
import { newLine, type DraftLine } from './lines.ts';
import type { ReadingDrafts } from './readings.ts';

export type ReportDraft = {
  checklist: Partial<Record<ChecklistKey, boolean>>;
  photos_before: string[];
  photos_after: string[];
  parts: DraftLine[];
  notes: string;
  readings: ReadingDrafts;
};

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const keyOf = (orderId: number) => `staff-report-draft:${orderId}`;

/** The browser's storage, or none (the server's render, a browser refusing it). */
function browserStore(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** A stored draft checked field by field (it may be old, or edited by hand); null when it is not one. */
export function parseReportDraft(text: string | null): ReportDraft | null {
  let v: unknown;
  try {
    v = JSON.parse(text ?? 'null');
  } catch {
    return null;
  }
  if (!isObject(v) || !isObject(v.checklist) || !isObject(v.readings) || !Array.isArray(v.parts)) return null;
  if (!strings(v.photos_before) || !strings(v.photos_after) || typeof v.notes !== 'string') return null;
  const checklist = Object.fromEntries(
    REPORT_CHECKLIST.filter((k) => typeof (v.checklist as Record<string, unknown>)[k] === 'boolean').map((k) => [
      k,
      (v.checklist as Record<string, boolean>)[k],
    ]),
  );
  const readings = Object.fromEntries(
    READING_KEYS.map((k) => {
      const r = (v.readings as Record<string, unknown>)[k];
      return [k, typeof r === 'string' ? r : ''];
    }),
  ) as ReadingDrafts;
  const parts = v.parts.filter(isObject).map((p): DraftLine => ({
    // New keys: the page's line counter starts again after a reload.
    ...newLine(),
    item: typeof p.item === 'string' ? p.item : '',
    name: typeof p.name === 'string' ? p.name : '',
    price: typeof p.price === 'string' ? p.price : '',
    quantity: typeof p.quantity === 'number' || typeof p.quantity === 'string' ? p.quantity : 1,
    ...(p.mode === 'typed' || p.mode === 'catalogue' ? { mode: p.mode } : {}),
  }));
  return { checklist, photos_before: v.photos_before, photos_after: v.photos_after, parts, notes: v.notes, readings };
}

/** The unsaved draft of the order's report kept in this browser, if any. */
export function loadReportDraft(orderId: number, store: Store | null = browserStore()): ReportDraft | null {
  try {
    return parseReportDraft(store?.getItem(keyOf(orderId)) ?? null);
  } catch {
    return null;
  }
}

/** Keeps the draft (a full storage only means it is not kept). */
export function keepReportDraft(orderId: number, draft: ReportDraft, store: Store | null = browserStore()) {
  try {
    store?.setItem(keyOf(orderId), JSON.stringify(draft));
  } catch {
    // Nothing to do: the form still holds it.
  }
}

/** Forgets the draft: saved, or the visit no longer editable. */
export function dropReportDraft(orderId: number, store: Store | null = browserStore()) {
  try {
    store?.removeItem(keyOf(orderId));
  } catch {
    // Nothing to do.
  }
}
