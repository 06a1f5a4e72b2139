import { describe, expect, it } from 'vitest';
import { couponDiscount, discountActive, discountedPrice, toHalalas, vatOf } from './pricing.ts';

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
