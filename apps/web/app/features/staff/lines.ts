/**
 * The lines a technician fills on site (extra services proposed, spare parts used): an item of
 * the catalogue (its names and price) or a typed one (one name, shown as written in both
 * languages; a price in riyals for extras). Pure helpers, unit tested.
 */
import { toHalalas, vatOf } from '@pool/contracts/core';
import type { ServiceItemOption } from '@pool/contracts/service-items';

export type DraftLine = {
  key: number;
  /** The catalogue item's id as a string (Select's value), or '' for a typed line. */
  item: string;
  name: string;
  /** Riyals as typed (typed extra lines only). */
  price: string;
  quantity: number | string;
  /** Chosen by the switch: a catalogue item or a typed line. */
  mode?: 'catalogue' | 'typed';
};

let next = 0;
export const newLine = (): DraftLine => ({ key: ++next, item: '', name: '', price: '', quantity: 1 });

const qty = (l: DraftLine) => {
  const n = Number(l.quantity);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/** A line's unit price in halalas before VAT (NaN while a typed price is not a price yet). */
export function unitPriceOf(l: DraftLine, items: ServiceItemOption[]): number {
  if (l.mode !== 'typed' && l.item) return items.find((i) => String(i.id) === l.item)?.price ?? Number.NaN;
  return toHalalas(l.price);
}

/** Subtotal, VAT and total of the lines that are complete, as the server will count them (VAT per line). */
export function draftTotals(lines: DraftLine[], items: ServiceItemOption[], rateBp: number) {
  let subtotal = 0;
  let tax = 0;
  for (const l of lines) {
    const unit = unitPriceOf(l, items);
    if (!Number.isFinite(unit) || qty(l) === 0) continue;
    const net = unit * qty(l);
    subtotal += net;
    tax += vatOf(net, rateBp);
  }
  return { subtotal, tax, total: subtotal + tax };
}

/** The API's extra line: the item's id, or the typed name in both languages and the price in halalas. */
export function extraLineBody(l: DraftLine) {
  if (l.item) return { item_id: Number(l.item), quantity: Number(l.quantity) };
  const name = l.name.trim();
  const unit = toHalalas(l.price);
  return {
    name_ar: name,
    name_en: name,
    unit_price: Number.isFinite(unit) ? unit : (l.price as unknown as number),
    quantity: Number(l.quantity),
  };
}

/** The API's spare part used: the item's names, or the typed name in both languages. */
export function partBody(l: DraftLine, items: ServiceItemOption[]) {
  const item = l.item ? items.find((i) => String(i.id) === l.item) : undefined;
  if (item) return { item_id: item.id, name_ar: item.name_ar, name_en: item.name_en, quantity: Number(l.quantity) };
  const name = l.name.trim();
  return { name_ar: name, name_en: name, quantity: Number(l.quantity) };
}

/**
 * A 422's field errors keyed `lines.2.unit_price` (or `parts.0.name_ar`) as `{ [line key]: message }`:
 * a line shows its first error.
 */
export function lineErrors(errors: Record<string, string>, lines: readonly { key: number }[], prefix: string) {
  const out: Record<number, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const m = new RegExp(`^${prefix}\\.(\\d+)\\.`).exec(field);
    const line = m ? lines[Number(m[1])] : undefined;
    if (line && !(line.key in out)) out[line.key] = message;
  }
  return out;
}
