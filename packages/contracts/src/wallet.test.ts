import { describe, expect, it } from 'vitest';
import { chargeAmountError, chargeBody, safeReturnPath } from './wallet.ts';
import { toLatinDigits } from './languages.ts';

describe('wallet rules', () => {
  it('keeps only same-site return paths', () => {
    expect(safeReturnPath('/more/wallet')).toBe('/more/wallet');
    expect(safeReturnPath('/en/more/wallet?tab=1')).toBe('/en/more/wallet?tab=1');
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'more/wallet',
      '/a b',
      '/\tx',
      '/api/user/wallet',
      '',
      null,
      `/${'a'.repeat(300)}`,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });

  it('reads whole riyals in Latin or Arabic-Indic digits, within 1 to 10,000', () => {
    expect(toLatinDigits('١٢٣۴۵')).toBe('12345');
    expect(chargeBody.parse({ amount: ' ٥٠ ' }).amount).toBe('50');
    expect(chargeBody.parse({ amount: 25 }).amount).toBe('25');
    expect(chargeBody.safeParse({ amount: '2.5' }).success).toBe(false);
    expect(chargeBody.safeParse({ amount: 2.5 }).success).toBe(false);
    expect(chargeBody.safeParse({}).success).toBe(false);
    expect(chargeAmountError(1)).toBeNull();
    expect(chargeAmountError(10_000)).toBeNull();
    expect(chargeAmountError(0)).toMatchObject({ key: 'wallet.amount_range', params: { min: 1, max: 10_000 } });
    expect(chargeAmountError(10_001)).not.toBeNull();
    expect(chargeAmountError(Number.NaN)).not.toBeNull();
  });
});
