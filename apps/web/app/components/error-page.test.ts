import { describe, expect, it } from 'vitest';
import { homeOf } from './error-page.tsx';

describe('the way out of an error page', () => {
  it('is the staff day inside the staff view, in either language', () => {
    for (const path of ['/staff/orders/12', '/en/staff/orders/12', '/staff', '/en/staff'])
      expect(homeOf(path), path).toEqual({ path: '/staff', label: 'common.go_staff_day' });
  });

  it("is the site's home anywhere else", () => {
    for (const path of ['/order-details', '/en/missing', '/staffing', '/en/staff-news', '/'])
      expect(homeOf(path), path).toEqual({ path: '/', label: 'common.go_home' });
  });
});
