import { describe, expect, it } from 'vitest';
import { isAuthPath, seoKeyFor } from './route-table.ts';

describe('the route table', () => {
  it('marks the (auth) routes', () => {
    expect(isAuthPath('/orders')).toBe(true);
    expect(isAuthPath('/orders/online_store_order/12')).toBe(true);
    expect(isAuthPath('/contact_us')).toBe(false);
    expect(isAuthPath('/')).toBe(false);
  });

  it('names the SEO entry of a page', () => {
    expect(seoKeyFor('/')).toBe('home');
    expect(seoKeyFor('/contact_us')).toBe('contact-us');
    expect(seoKeyFor('/more/faq')).toBe('faq');
    expect(seoKeyFor('/auth/Otp')).toBe('otp');
    expect(seoKeyFor('/online_store/pump-1')).toBe('online-store-details');
    expect(seoKeyFor('/nothing')).toBeNull();
  });
});
