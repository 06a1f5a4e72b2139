import { describe, expect, it } from 'vitest';
import type { ServiceItemOption } from '@pool/contracts/service-items';
import { draftTotals, extraLineBody, lineErrors, newLine, partBody, unitPriceOf } from './lines.ts';

const pump: ServiceItemOption = {
  id: 7,
  kind: 'spare_part',
  name: 'Pump seal',
  name_ar: 'مانع تسرب المضخة',
  name_en: 'Pump seal',
  price: 4_999,
  price_with_vat: 5_749,
};

describe('the lines a technician fills', () => {
  it('prices a catalogue line by the item and a typed one by its riyals', () => {
    expect(unitPriceOf({ ...newLine(), item: '7' }, [pump])).toBe(4_999);
    expect(unitPriceOf({ ...newLine(), price: '120.5' }, [pump])).toBe(12_050);
    expect(unitPriceOf({ ...newLine(), price: '12,5' }, [pump])).toBeNaN();
  });

  it('counts VAT per line as the server does, skipping lines not complete yet', () => {
    const lines = [
      { ...newLine(), item: '7', quantity: 3 },
      { ...newLine(), name: 'Tile repair', price: '100.01', quantity: 1 },
      { ...newLine(), name: 'Not priced', price: '' },
    ];
    // 3 × 49.99 = 149.97 (VAT 22.50 rounded per line), 100.01 (VAT 15.00).
    expect(draftTotals(lines, [pump], 1_500)).toEqual({ subtotal: 24_998, tax: 2_250 + 1_500, total: 28_748 });
  });

  it('sends a catalogue line by id and a typed one with its name in both languages', () => {
    expect(extraLineBody({ ...newLine(), item: '7', quantity: '2' })).toEqual({ item_id: 7, quantity: 2 });
    expect(extraLineBody({ ...newLine(), name: ' Tile repair ', price: '80', quantity: 1 })).toEqual({
      name_ar: 'Tile repair',
      name_en: 'Tile repair',
      unit_price: 8_000,
      quantity: 1,
    });
    expect(partBody({ ...newLine(), item: '7', quantity: 1 }, [pump])).toEqual({
      item_id: 7,
      name_ar: 'مانع تسرب المضخة',
      name_en: 'Pump seal',
      quantity: 1,
    });
  });

  it("puts a 422's line errors on their lines", () => {
    const lines = [newLine(), newLine()];
    expect(
      lineErrors({ 'lines.1.unit_price': 'Invalid', 'lines.1.name_ar': 'Required', notes: 'x' }, lines, 'lines'),
    ).toEqual({ [lines[1]!.key]: 'Invalid' });
  });
});
