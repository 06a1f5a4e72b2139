import { describe, expect, it } from 'vitest';
import { dashboardAr, dashboardEn } from '@pool/i18n/dashboard';
import { createTranslator } from '@pool/i18n/translator';
import { PERMISSION_GROUPS, type PermissionGroup } from '@pool/contracts/admin';
import { entryAt, filterNav, navFor, NAV_SECTIONS, sectionLabel, visibleGroups } from './nav-sections.ts';

const { translate } = createTranslator({ ar: dashboardAr, en: dashboardEn });
const labels = (key: string) => [translate('ar', key), translate('en', key)];
const ids = (sections: ReturnType<typeof navFor>) =>
  Object.fromEntries(sections.map((s) => [s.id, s.entries.map((e) => e.id)]));
const everyone = { is_super: true, permissions: [] };

describe('the dashboard side bar', () => {
  it('groups every screen once, each permission group with its own entry, every label in both languages', () => {
    const entries = NAV_SECTIONS.flatMap((s) => s.entries);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    expect(new Set(entries.map((e) => e.path)).size).toBe(entries.length);
    const own = entries.filter((e) => e.id === e.group).map((e) => e.group);
    expect(own.sort()).toEqual((Object.keys(PERMISSION_GROUPS) as PermissionGroup[]).sort());
    expect(NAV_SECTIONS.map((s) => s.id)).toEqual([
      'top',
      'catalogue',
      'store',
      'services',
      'people',
      'content',
      'settings',
    ]);
    const keys = [...entries.map((e) => e.label), ...NAV_SECTIONS.slice(1).map((s) => sectionLabel(s.id))];
    for (const key of keys) for (const text of labels(key)) expect(text).not.toBe(key);
  });

  it('shows a super admin every section', () => {
    expect(navFor(everyone)).toEqual(NAV_SECTIONS);
    expect(visibleGroups(everyone)).toHaveLength(Object.keys(PERMISSION_GROUPS).length);
  });

  it('hides the entries outside the role, and a section with none left', () => {
    const admin = { is_super: false, permissions: ['users.view', 'reports.view', 'orders.view', 'products.edit'] };
    expect(ids(navFor(admin))).toEqual({
      top: ['orders', 'service-orders', 'visits-calendar'],
      catalogue: ['products'],
      services: ['subscriptions'],
      people: ['users', 'reports'],
    });
    expect(visibleGroups(admin)).toEqual(['users', 'reports', 'products', 'orders']);
    expect(navFor({ is_super: false, permissions: [] })).toEqual([]);
    // A permission named like a group's prefix is not the group's.
    expect(navFor({ is_super: false, permissions: ['users_extra.view'] })).toEqual([]);
  });

  it('finds the entry and section of a page, sub-pages included', () => {
    expect(entryAt('/admin')).toEqual({ section: 'top', entry: 'dashboard' });
    expect(entryAt('/admin/products/12')).toEqual({ section: 'catalogue', entry: 'products' });
    expect(entryAt('/admin/construction/colours')).toEqual({ section: 'services', entry: 'construction-colours' });
    expect(entryAt('/admin/service-orders/construction/4')).toEqual({ section: 'top', entry: 'service-orders' });
    expect(entryAt('/admin/content/cancel-reasons')).toEqual({ section: 'settings', entry: 'cancel_reasons' });
    expect(entryAt('/admin/profile')).toBeNull();
    expect(entryAt('/admin/productsx')).toBeNull();
  });

  it('filters by the Arabic or English label in search form, or by the section heading', () => {
    const find = (q: string) => ids(filterNav(navFor(everyone), q, labels));
    expect(find('')).toEqual(ids(NAV_SECTIONS));
    expect(find('الكوبونات')).toEqual({ store: ['coupons'] });
    // Hamza, case and diacritics do not matter.
    expect(find('اعدادات الموقع')).toEqual({ settings: ['settings'] });
    expect(find('الْمُنتجات')).toEqual({ catalogue: ['products'] });
    expect(find('COUPONS')).toEqual({ store: ['coupons'] });
    expect(find('  delivery   prices ')).toEqual({ store: ['delivery'] });
    expect(find('الكتالوج')).toEqual({ catalogue: ['products', 'categories', 'brands', 'features'] });
    expect(find('شيء غير موجود')).toEqual({});
    // Only what the admin may open.
    const limited = navFor({ is_super: false, permissions: ['users.view'] });
    expect(ids(filterNav(limited, 'المشرفون', labels))).toEqual({});
  });
});
