/**
 * The engineer's price offer as typed (pure, unit tested): a line is a kind, one name (sent as
 * both the Arabic and the English one, ADR 0015), a quantity and a unit price in riyals; a saved
 * line keeps both its names while its name is not changed. The totals are the server's own sums
 * (`offerTotals`), a preview: the server prices the offer.
 */
import { toHalalas } from '@pool/contracts/core';
import { offerTotals, type OfferLineKind } from '@pool/contracts/maintenance';
import type { StaffConstructionDetail } from '@pool/contracts/construction';
import type { Lang } from '../../lib/lang.ts';
import { typedSar } from '../../lib/typed-money.ts';

export type OfferDraftLine = {
  key: number;
  kind: OfferLineKind;
  name: string;
  quantity: number | string;
  /** Riyals as typed. */
  price: string;
  /** The saved line's names, kept while `name` is still the one shown. */
  saved?: { name_ar: string; name_en: string };
};

let next = 0;
export const newOfferLine = (kind: OfferLineKind = 'service'): OfferDraftLine => ({
  key: ++next,
  kind,
  name: '',
  quantity: 1,
  price: '',
});

/** The saved offer's lines, each named in the page's language. */
export function draftOf(offer: StaffConstructionDetail['offer'], lang: Lang): OfferDraftLine[] {
  return (offer?.lines ?? []).map((l) => ({
    key: ++next,
    kind: l.kind,
    name: lang === 'ar' ? l.name_ar : l.name_en,
    quantity: l.quantity,
    price: (l.unit_price / 100).toFixed(2),
    saved: { name_ar: l.name_ar, name_en: l.name_en },
  }));
}

const quantityOf = (l: OfferDraftLine) => {
  const n = Number(l.quantity);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/** A line as the API's `offerBody` takes it (what is not a number yet goes as typed: the API says what is wrong). */
export function offerLineBody(l: OfferDraftLine, lang: Lang) {
  const name = l.name.trim();
  const kept = l.saved && (lang === 'ar' ? l.saved.name_ar : l.saved.name_en) === name;
  const unit = toHalalas(typedSar(l.price));
  return {
    kind: l.kind,
    name_ar: kept ? l.saved!.name_ar : name,
    name_en: kept ? l.saved!.name_en : name,
    quantity: quantityOf(l) || (l.quantity as number),
    unit_price: Number.isFinite(unit) ? unit : (l.price as unknown as number),
  };
}

/** Subtotal, discount, VAT and total of the lines as the server will count them (unreadable prices count 0). */
export function offerDraftTotals(lines: OfferDraftLine[], rateBp: number) {
  return offerTotals(
    lines.map((l) => {
      const unit = toHalalas(typedSar(l.price));
      return { kind: l.kind, quantity: quantityOf(l), unit_price: Number.isFinite(unit) ? unit : 0 };
    }),
    rateBp,
  );
}
