import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogues, translate } from './index.ts';
import { apiAr, apiEn } from './api.ts';
import { dashboardAr, dashboardEn } from './dashboard.ts';
import { siteAr, siteEn } from './site.ts';
import { staffSiteAr, staffSiteEn } from './staff-site.ts';

type Tree = { [k: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : flatten(v, `${prefix}${k}.`)));

const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (keys: string[]) => new Set(keys.map((k) => k.replace(PLURAL, '')));

describe('catalogues', () => {
  const ar = flatten(catalogues.ar as unknown as Tree);
  const en = flatten(catalogues.en as unknown as Tree);

  it('have the same keys in Arabic and English (plural forms aside)', () => {
    expect([...base(ar)].sort()).toEqual([...base(en)].sort());
  });

  it('give every Arabic plural key its six forms', () => {
    const plurals = [...new Set(ar.filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')))];
    for (const key of plurals) {
      for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) {
        expect(ar, `${key}_${form}`).toContain(`${key}_${form}`);
      }
    }
  });

  it('give every English plural key its one and other forms', () => {
    const plurals = [...new Set(en.filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')))];
    for (const key of plurals) {
      expect(en).toContain(`${key}_one`);
      expect(en).toContain(`${key}_other`);
    }
  });

  it('has no empty message', () => {
    for (const lang of ['ar', 'en'] as const) {
      for (const key of flatten(catalogues[lang] as unknown as Tree)) {
        expect(translate(lang, key).trim(), `${lang}:${key}`).not.toBe('');
      }
    }
  });

  it('puts every area in exactly one group: the site, the dashboard, the API only or the staff view', () => {
    for (const lang of ['ar', 'en'] as const) {
      const files = readdirSync(new URL(`./${lang}`, import.meta.url)).map((f) => f.replace(/\.ts$/, ''));
      const groups =
        lang === 'ar'
          ? [siteAr, dashboardAr, apiAr, staffSiteAr].flatMap(Object.keys)
          : [siteEn, dashboardEn, apiEn, staffSiteEn].flatMap(Object.keys);
      expect(groups.sort(), lang).toEqual(files.sort());
    }
  });

  it('titles the toasts in Arabic on Arabic pages', () => {
    const titles = ['success', 'error', 'warning', 'info'].map((k) => translate('ar', `common.${k}`));
    expect(titles).toEqual(['نجاح', 'خطأ', 'تنبيه', 'معلومة']);
  });

  it('leaves no Arabic message in English (placeholders, samples and the language switch aside)', () => {
    const latin = new Set([
      'auth.phone_placeholder',
      'contact.phone_placeholder',
      'admin.email_placeholder',
      'common.switch_to',
      'settings.english',
    ]);
    for (const key of ar) {
      const words = translate('ar', key).replace(/\{\{[^}]*\}\}/g, '');
      if (/[A-Za-z]{2,}/.test(words) && !/[\u0600-\u06FF]/.test(words))
        expect(latin, `ar:${key} is in English`).toContain(key);
    }
  });

  it('writes the percent sign of the language: ٪ in Arabic, % in English', () => {
    for (const key of ar) expect(translate('ar', key), `ar:${key}`).not.toContain('%');
    for (const key of en) expect(translate('en', key), `en:${key}`).not.toContain('٪');
  });

  it('uses Arabic plural rules', () => {
    expect(translate('ar', 'common.items', { count: 2 })).toBe('عنصران');
    expect(translate('ar', 'common.items', { count: 5 })).toBe('5 عناصر');
    expect(translate('ar', 'common.items', { count: 11 })).toBe('11 عنصرًا');
    expect(translate('en', 'common.items', { count: 5 })).toBe('5 items');
    // A technician's rating count (the customer's order page).
    expect(translate('en', 'maintenance-site.staff_rating', { rating: 4, count: 1 })).toBe('4 of 5 (1 rating)');
    expect(translate('en', 'maintenance-site.staff_rating', { rating: 4, count: 3 })).toBe('4 of 5 (3 ratings)');
    expect(translate('ar', 'maintenance-site.staff_rating', { rating: 4, count: 1 })).toBe('4 من 5 (تقييم واحد)');
    expect(translate('ar', 'maintenance-site.staff_rating', { rating: 4, count: 3 })).toBe('4 من 5 (3 تقييمات)');
  });

  it('interpolates parameters', () => {
    expect(translate('en', 'server.resend_wait', { seconds: 42 })).toBe('You can request a new code in 42 seconds');
  });
});
