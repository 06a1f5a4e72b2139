import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  beforeVat,
  consumerPrices,
  couponDiscount,
  discountActive,
  discountedPrice,
  lineAmounts,
  netOfGross,
  toHalalas,
  vatBreakdown,
  vatOf,
  withVat,
} from './pricing.ts';

const now = new Date('2026-11-22T12:00:00Z');

describe('product discount', () => {
  it('applies a ratio and a fixed amount until it expires', () => {
    const future = '2026-12-01T00:00:00Z';
    expect(
      discountedPrice(10_000, { discount_type: 'ratio', discount_value: 15, discount_expires_at: future }, now),
    ).toBe(8_500);
    expect(
      discountedPrice(10_000, { discount_type: 'number', discount_value: 2_500, discount_expires_at: null }, now),
    ).toBe(7_500);
    expect(
      discountedPrice(
        10_000,
        { discount_type: 'ratio', discount_value: 15, discount_expires_at: '2026-11-22T11:59:59Z' },
        now,
      ),
    ).toBe(10_000);
    expect(discountedPrice(10_000, { discount_type: 'none', discount_value: 50, discount_expires_at: null }, now)).toBe(
      10_000,
    );
    expect(discountActive({ discount_type: 'number', discount_value: 0, discount_expires_at: null }, now)).toBe(false);
  });
  it('never goes below zero', () => {
    expect(
      discountedPrice(1_000, { discount_type: 'number', discount_value: 5_000, discount_expires_at: null }, now),
    ).toBe(0);
  });
});

describe('coupon discount', () => {
  it('caps a ratio by the maximum discount and any discount by the amount', () => {
    expect(couponDiscount(40_000, { discount_type: 'ratio', value: 10, max_discount: 3_000 })).toBe(3_000);
    expect(couponDiscount(20_000, { discount_type: 'ratio', value: 10, max_discount: 3_000 })).toBe(2_000);
    expect(couponDiscount(1_000, { discount_type: 'number', value: 5_000, max_discount: null })).toBe(1_000);
  });
});

describe('money', () => {
  it('computes VAT in basis points, rounded to the halala', () => {
    expect(vatOf(10_000, 1500)).toBe(1_500);
    expect(vatOf(333, 1500)).toBe(50);
  });
  it('reads SAR amounts with up to two decimals', () => {
    expect(toHalalas('12')).toBe(1_200);
    expect(toHalalas('12.5')).toBe(1_250);
    expect(toHalalas(' 0.07 ')).toBe(7);
    expect(toHalalas('1.234')).toBeNaN();
    expect(toHalalas('-3')).toBeNaN();
    expect(toHalalas('١٢')).toBeNaN();
  });
});

describe('VAT-inclusive prices (ADR 0023)', () => {
  const exclusive = { rateBp: 1500, pricesIncludeVat: false };
  const inclusive = { rateBp: 1500, pricesIncludeVat: true };

  it('converts entered amounts both ways', () => {
    expect(withVat(10_000, exclusive)).toBe(11_500);
    expect(beforeVat(10_000, exclusive)).toBe(10_000);
    expect(withVat(11_500, inclusive)).toBe(11_500);
    expect(beforeVat(11_500, inclusive)).toBe(10_000);
    expect(netOfGross(1_000, 1500)).toBe(870);
    expect(
      consumerPrices(10_000, { discount_type: 'ratio', discount_value: 10, discount_expires_at: null }, exclusive),
    ).toEqual({
      price: 10_000,
      discounted_price: 9_000,
      price_with_vat: 11_500,
      discounted_price_with_vat: 10_350,
    });
  });

  it('a cart before VAT: the lines with VAT add up to the total', () => {
    const b = vatBreakdown(
      [
        { unit: 69_000, installation: 10_000, quantity: 2 },
        { unit: 333, installation: 0, quantity: 3 },
      ],
      { delivery: 3_000, discount: 13_800, vat: exclusive },
    );
    expect(b).toEqual({
      products: 138_999,
      installation: 20_000,
      delivery: 3_000,
      discount: 13_800,
      products_with_vat: 158_700 + 1_149,
      installation_with_vat: 23_000,
      delivery_with_vat: 3_450,
      discount_with_vat: 15_870,
      tax: 22_230,
      total: 170_429,
    });
  });

  it('a cart with VAT in its prices: the shown prices are the entered ones', () => {
    const b = vatBreakdown([{ unit: 1_000, installation: 0, quantity: 1 }], {
      delivery: 0,
      discount: 0,
      vat: inclusive,
    });
    expect(b.total).toBe(1_000);
    expect(b.products).toBe(870);
    expect(b.tax).toBe(130);
  });

  it('never loses a halala: random carts in both modes', () => {
    const line = fc.record({
      unit: fc.integer({ min: 0, max: 5_000_000 }),
      installation: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500_000 })),
      quantity: fc.integer({ min: 1, max: 50 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.option(fc.integer({ min: 0, max: 100_000 })),
        fc.integer({ min: 0, max: 100 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 3_000 }),
        (lines, delivery, couponPercent, pricesIncludeVat, rateBp) => {
          const vat = { rateBp, pricesIncludeVat };
          const entered = lines.reduce((s, l) => s + l.unit * l.quantity, 0);
          const discount = couponDiscount(entered, {
            discount_type: 'ratio',
            value: couponPercent,
            max_discount: null,
          });
          const b = vatBreakdown(lines, { delivery, discount, vat });
          const shown = lines.map((l) => lineAmounts(l, vat).totalWithVat);
          // The lines as displayed add up to the total ...
          expect(shown.reduce((s, x) => s + x, 0) + (b.delivery_with_vat ?? 0) - b.discount_with_vat).toBe(b.total);
          expect(b.products_with_vat + b.installation_with_vat).toBe(shown.reduce((s, x) => s + x, 0));
          // ... and the VAT line is the total less the amounts before VAT.
          const net = b.products + b.installation + (b.delivery ?? 0) - b.discount;
          expect(b.tax).toBe(b.total - net);
          expect(b.tax).toBeGreaterThanOrEqual(0);
          expect(b.discount).toBeLessThanOrEqual(b.products);
          expect(b.discount_with_vat).toBeLessThanOrEqual(b.products_with_vat);
          // The VAT is the rate's share of the total, give or take half a halala per unit converted.
          const exact = b.total - (b.total * 10_000) / (10_000 + rateBp);
          expect(Math.abs(b.tax - exact)).toBeLessThanOrEqual(lines.reduce((s, l) => s + l.quantity, 0) + 2);
          if (pricesIncludeVat) expect(b.products_with_vat).toBe(entered);
          else expect(b.products).toBe(entered);
        },
      ),
      { numRuns: 500 },
    );
  });
});
