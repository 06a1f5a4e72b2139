import { describe, expect, it } from 'vitest';
import { afterLogin, loginPath, safeReturnTo, withReturnTo } from './return-to.ts';

describe('the way back after signing in', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeReturnTo('/shopping_cart')).toBe('/shopping_cart');
    expect(safeReturnTo('/en/online_store/pump-7?variant=3')).toBe('/en/online_store/pump-7?variant=3');
    expect(safeReturnTo('/more/favorite')).toBe('/more/favorite');
  });

  it('refuses another site, odd forms of one, and the sign-in pages (no open redirect, no loop)', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'shopping_cart',
      '',
      null,
      undefined,
      '/auth/login',
      '/en/auth/Otp?phone=5',
      '/',
      '/en',
    ])
      expect(safeReturnTo(bad), String(bad)).toBeNull();
  });

  it('builds the sign-in address in the page language', () => {
    expect(loginPath('ar', '/shopping_cart')).toBe('/auth/login?redirect=%2Fshopping_cart');
    expect(loginPath('en', '/en/online_store/pump-7?x=1')).toBe(
      '/en/auth/login?redirect=%2Fen%2Fonline_store%2Fpump-7%3Fx%3D1',
    );
    expect(loginPath('en', '/en')).toBe('/en/auth/login');
    expect(loginPath('ar', '//evil.example')).toBe('/auth/login');
    expect(withReturnTo('/auth/Otp?phone=5', '/wallet')).toBe('/auth/Otp?phone=5&redirect=%2Fwallet');
  });

  it('ends at the way back, else at home', () => {
    expect(afterLogin('ar', '/shopping_cart')).toBe('/shopping_cart');
    expect(afterLogin('en', null)).toBe('/en');
    expect(afterLogin('ar', null)).toBe('/');
  });
});
