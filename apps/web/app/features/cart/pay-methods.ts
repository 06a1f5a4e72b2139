/**
 * The ways to pay electronically, in the order Saudi shoppers expect: mada
 * first (most Saudi cards), then Visa and Mastercard, Apple Pay only where the
 * browser can pay with it, then STC Pay.
 */
export type PayMark = 'mada' | 'visa' | 'mastercard' | 'applepay' | 'stcpay';

export function payMarks(canApplePay: boolean): PayMark[] {
  return ['mada', 'visa', 'mastercard', ...(canApplePay ? (['applepay'] as const) : []), 'stcpay'];
}

type ApplePayWindow = { ApplePaySession?: { canMakePayments?: () => boolean } };

/** Whether this browser can pay with Apple Pay (Safari with a card in the wallet); false on the server. */
export function browserCanApplePay(w: unknown = typeof window === 'undefined' ? undefined : window): boolean {
  try {
    return Boolean((w as ApplePayWindow | undefined)?.ApplePaySession?.canMakePayments?.());
  } catch {
    return false;
  }
}
