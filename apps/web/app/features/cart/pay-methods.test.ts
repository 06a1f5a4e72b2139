import { describe, expect, it } from 'vitest';
import { browserCanApplePay, payMarks } from './pay-methods.ts';

describe('electronic payment methods', () => {
  it('lists mada first, Apple Pay only where the browser can pay, STC Pay last', () => {
    expect(payMarks(false)).toEqual(['mada', 'visa', 'mastercard', 'stcpay']);
    expect(payMarks(true)).toEqual(['mada', 'visa', 'mastercard', 'applepay', 'stcpay']);
  });

  it('asks ApplePaySession.canMakePayments(), and is false without it or when it throws', () => {
    expect(browserCanApplePay(undefined)).toBe(false);
    expect(browserCanApplePay({})).toBe(false);
    expect(browserCanApplePay({ ApplePaySession: { canMakePayments: () => false } })).toBe(false);
    expect(browserCanApplePay({ ApplePaySession: { canMakePayments: () => true } })).toBe(true);
    const broken = {
      ApplePaySession: {
        canMakePayments: () => {
          throw new Error('InvalidAccessError: insecure document');
        },
      },
    };
    expect(browserCanApplePay(broken)).toBe(false);
  });
});
