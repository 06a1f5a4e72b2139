import { describe, expect, it } from 'vitest';
import { offerBody } from '@pool/contracts/maintenance';
import { draftOf, newOfferLine, offerDraftTotals, offerLineBody, type OfferDraftLine } from './offer-lines.ts';

const line = (patch: Partial<OfferDraftLine>): OfferDraftLine => ({ ...newOfferLine(), ...patch });

const saved = {
  lines: [
    {
      id: 1,
      kind: 'service' as const,
      item_id: null,
      name: 'حفر وصب الخرسانة',
      name_ar: 'حفر وصب الخرسانة',
      name_en: 'Digging and concrete',
      quantity: 1,
      unit_price: 4_500_000,
      net: 4_500_000,
      vat: 675_000,
    },
  ],
  prices: {
    service: 4_500_000,
    spare_parts: 0,
    extra_services: 0,
    installation: 0,
    delivery: 0,
    discount: 0,
    tax_rate: 15,
    tax: 675_000,
    total: 5_175_000,
  },
};

describe('the engineer’s offer lines', () => {
  it('send one typed name as both names, riyals typed on any keyboard as halalas', () => {
    const body = offerLineBody(line({ kind: 'spare_part', name: ' بلاط ', quantity: '3', price: '١٢٠٫٥' }), 'ar');
    expect(body).toEqual({ kind: 'spare_part', name_ar: 'بلاط', name_en: 'بلاط', quantity: 3, unit_price: 12_050 });
  });

  it('keep a saved line’s two names while its name is unchanged, in either language', () => {
    const [ar] = draftOf(saved, 'ar');
    expect(ar).toMatchObject({ name: 'حفر وصب الخرسانة', price: '45000.00', quantity: 1 });
    expect(offerLineBody(ar!, 'ar')).toMatchObject({ name_ar: 'حفر وصب الخرسانة', name_en: 'Digging and concrete' });
    const [en] = draftOf(saved, 'en');
    expect(en!.name).toBe('Digging and concrete');
    expect(offerLineBody(en!, 'en')).toMatchObject({ name_ar: 'حفر وصب الخرسانة', name_en: 'Digging and concrete' });
    expect(offerLineBody({ ...en!, name: 'Digging only' }, 'en')).toMatchObject({
      name_ar: 'Digging only',
      name_en: 'Digging only',
    });
  });

  it('make a body the API accepts', () => {
    const lines = [
      line({ kind: 'service', name: 'Digging', price: '30000' }),
      line({ kind: 'discount', name: 'Opening offer', price: '1000' }),
    ];
    const parsed = offerBody.parse({ lines: lines.map((l) => offerLineBody(l, 'en')), send: true });
    expect(parsed.lines.map((l) => l.unit_price)).toEqual([3_000_000, 100_000]);
  });

  it('leave what is not a price yet as typed, for the API to name', () => {
    expect(offerLineBody(line({ name: 'x', price: 'abc' }), 'en').unit_price).toBe('abc');
  });

  it('total as the server does: subtotal before the discount, VAT per line, the discount taken off with its VAT; unreadable prices count 0', () => {
    const totals = offerDraftTotals(
      [
        line({ kind: 'service', price: '1000', quantity: 2 }),
        line({ kind: 'spare_part', price: 'abc' }),
        line({ kind: 'discount', price: '100' }),
      ],
      1500,
    );
    expect(totals.subtotal).toBe(200_000);
    expect(totals.discount).toBe(10_000);
    expect(totals.tax).toBe(28_500);
    expect(totals.total).toBe(218_500);
  });
});
