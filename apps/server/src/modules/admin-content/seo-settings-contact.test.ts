/**
 * SEO entries, the site settings (with the logo and share image), the contact
 * inbox, and the content the demo seed loads.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_SETTINGS, makeUser, seed, tables } from '@pool/db';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { adminCall, adminToken, expectFields, expectOk, expectStatus, multipart, png } from './testing.ts';

describe('admin content', () => {
  let app: TestApp;
  let token: string;
  const fileOf = (url: string) => join(app.config.dataDir, 'uploads', url.replace(/^\/uploads\//, ''));
  beforeAll(async () => {
    app = await buildTestApp();
    token = await adminToken(app);
  });
  afterAll(() => app.close());

  describe('SEO', () => {
    let id = 0;
    beforeAll(async () => {
      const [row] = await app.db
        .insert(tables.seoEntries)
        .values({
          key: 'home',
          metaTitleAr: 'الرئيسية',
          metaTitleEn: 'Home',
          metaDescriptionAr: 'وصف',
          metaDescriptionEn: 'About',
        })
        .returning();
      id = row!.id;
    });

    it('lists, shows and edits entries; none are created or deleted', async () => {
      const list = expectOk<{ data: { key: string }[] }>(
        await adminCall(app, 'GET', '/seo', { token, query: { q: 'home' } }),
      );
      expect(list.data.map((r) => r.key)).toEqual(['home']);
      const body = {
        meta_title_ar: 'مسابح | الرئيسية',
        meta_title_en: 'Masabeh | Home',
        meta_description_ar: 'خدمات المسابح',
        meta_description_en: 'Pool services',
        meta_keywords_en: 'pools, maintenance',
      };
      const saved = expectOk(await adminCall(app, 'POST', `/seo/${id}`, { token, body }), 'cms.saved');
      expect(saved).toEqual({ id, key: 'home', ...body, meta_keywords_ar: '' });
      expect(expectOk(await adminCall(app, 'GET', `/seo/${id}`, { token }))).toEqual(saved);
      for (const lang of ['ar', 'en'] as const) {
        expectFields(
          await adminCall(app, 'POST', `/seo/${id}`, { token, lang, body: { ...body, meta_title_en: '' } }),
          { meta_title_en: 'validation.required' },
          lang,
        );
      }
      expectStatus(await adminCall(app, 'POST', '/seo/987654', { token, body }), 404, 'notFound');
      expectStatus(await adminCall(app, 'GET', '/seo/987654', { token }), 404, 'notFound');
      expectStatus(await adminCall(app, 'POST', '/seo', { token, body }), 404, 'notFound');
      expectStatus(await adminCall(app, 'DELETE', `/seo/${id}`, { token }), 404, 'notFound');

      const head = await app.inject({ method: 'GET', url: '/api/user/seo?key=home', headers: { lang: 'en' } });
      expect(head.json().data).toMatchObject({ key: 'home', title: 'Masabeh | Home', keywords: 'pools, maintenance' });
    });
  });

  describe('site settings', () => {
    const body = {
      site_name_ar: 'مسابح الخليج',
      site_name_en: 'Gulf Pools',
      description_ar: 'كل ما يحتاجه مسبحك',
      description_en: 'All your pool needs',
      location_ar: 'جدة، حي الروضة',
      location_en: 'Al Rawdah, Jeddah',
      phone: '+966 12 000 0000',
      email: 'hello@gulfpools.com',
      map_url: 'https://maps.google.com/?q=21.5,39.2',
      tax_number: '300000000000003',
      commercial_record: '4030000000',
      android_app_link: 'https://play.google.com/store/apps/details?id=gulf',
      iphone_app_link: 'https://apps.apple.com/app/gulf',
      vat_rate: '15',
      prices_include_vat: 'true',
      monthly_target: '12345600',
    };

    it('answers the defaults, then round-trips a save through the public settings', async () => {
      const defaults = expectOk(await adminCall(app, 'GET', '/settings', { token }));
      expect(defaults).toMatchObject({
        site_name_en: DEFAULT_SETTINGS.site.name_en,
        vat_rate: 15,
        prices_include_vat: false,
        monthly_target: DEFAULT_SETTINGS.monthly_target,
        logo: DEFAULT_SETTINGS.site.logo,
        share_image: DEFAULT_SETTINGS.site.share_image,
      });

      const saved = expectOk(await adminCall(app, 'POST', '/settings', { token, body, lang: 'en' }), 'cms.saved', 'en');
      expect(saved).toEqual({
        ...body,
        vat_rate: 15,
        prices_include_vat: true,
        monthly_target: 12_345_600,
        logo: DEFAULT_SETTINGS.site.logo,
        share_image: DEFAULT_SETTINGS.site.share_image,
      });
      expect(expectOk(await adminCall(app, 'GET', '/settings', { token }))).toEqual(saved);

      const pub = (lang: string) => app.inject({ method: 'GET', url: '/api/user/settings', headers: { lang } });
      expect((await pub('en')).json().data).toEqual({
        site_name: 'Gulf Pools',
        description: 'All your pool needs',
        android_app_link: body.android_app_link,
        iphone_app_link: body.iphone_app_link,
        logo: DEFAULT_SETTINGS.site.logo,
        location: 'Al Rawdah, Jeddah',
        phone: body.phone,
        email: body.email,
        map_url: body.map_url,
        tax_number: body.tax_number,
        commercial_record: body.commercial_record,
        maps_api_key: null,
        maps_map_id: null,
      });
      expect((await pub('ar')).json().data).toMatchObject({ site_name: 'مسابح الخليج', location: 'جدة، حي الروضة' });
      const info = await app.inject({ method: 'GET', url: '/api/user/contact-us-info', headers: { lang: 'en' } });
      expect(info.json().data.contact_info).toMatchObject({ location: 'Al Rawdah, Jeddah', phone: body.phone });

      // Without a map the public answer says null.
      expectOk(await adminCall(app, 'POST', '/settings', { token, body: { ...body, map_url: '' } }), 'cms.saved');
      expect((await pub('en')).json().data.map_url).toBeNull();
    });

    it('uploads the logo and the share image and replaces the old files', async () => {
      const form = (r: number) =>
        png(r).then((data) =>
          multipart(body, {
            logo: { filename: 'logo.png', type: 'image/png', data },
            share_image: { filename: 'share.png', type: 'image/png', data },
          }),
        );
      const first = expectOk(await adminCall(app, 'POST', '/settings', { token, form: await form(10) }), 'cms.saved');
      expect(first.logo).toMatch(/^\/uploads\/site\/[0-9a-f]{32}\.png$/);
      expect(first.share_image).toMatch(/^\/uploads\/site\//);
      const second = expectOk(await adminCall(app, 'POST', '/settings', { token, form: await form(90) }), 'cms.saved');
      expect(existsSync(fileOf(second.logo as string))).toBe(true);
      expect(existsSync(fileOf(first.logo as string))).toBe(false);
      expect(existsSync(fileOf(first.share_image as string))).toBe(false);
      const pub = await app.inject({ method: 'GET', url: '/api/user/settings' });
      expect(pub.json().data.logo).toBe(second.logo);
      const seo = await app.inject({ method: 'GET', url: '/api/user/seo?key=unknown-page', headers: { lang: 'en' } });
      expect(seo.json().data).toEqual({
        key: 'unknown-page',
        title: 'Gulf Pools',
        description: 'All your pool needs',
        keywords: '',
        site_name: 'Gulf Pools',
        share_image: second.share_image,
      });
    });

    it.each(['ar', 'en'] as const)('refuses invalid settings and keeps the stored ones (%s)', async (lang) => {
      const before = expectOk(await adminCall(app, 'GET', '/settings', { token }));
      const cases: [Record<string, string>, Record<string, string>][] = [
        [{ vat_rate: '101' }, { vat_rate: 'validation.invalid' }],
        [{ vat_rate: '' }, { vat_rate: 'validation.required' }],
        [{ monthly_target: '-1' }, { monthly_target: 'validation.invalid' }],
        [{ monthly_target: '10.5' }, { monthly_target: 'validation.invalid' }],
        [{ email: 'not-an-email' }, { email: 'validation.email' }],
        [{ android_app_link: 'play store' }, { android_app_link: 'validation.url' }],
        [{ map_url: 'javascript:alert(1)' }, { map_url: 'validation.url' }],
        [{ location_en: '' }, { location_en: 'validation.required' }],
      ];
      for (const [patch, fields] of cases) {
        expectFields(
          await adminCall(app, 'POST', '/settings', { token, lang, body: { ...body, ...patch } }),
          fields,
          lang,
        );
      }
      const bad = multipart(body, { logo: { filename: 'logo.png', type: 'image/png', data: Buffer.from('nope') } });
      expectFields(
        await adminCall(app, 'POST', '/settings', { token, lang, form: bad }),
        { logo: 'validation.image' },
        lang,
      );
      expect(expectOk(await adminCall(app, 'GET', '/settings', { token }))).toEqual(before);
    });
  });

  describe('contact messages', () => {
    let newId = 0;
    let otherId = 0;
    beforeAll(async () => {
      const user = await makeUser(app.db);
      const rows = await app.db
        .insert(tables.contactMessages)
        .values([
          { name: 'Sara', phone: '500000011', message: 'The pump is noisy, please call me', userId: user.id },
          { name: 'Omar', phone: '500000012', message: 'Do you build indoor pools?', status: 'handled' },
        ])
        .returning();
      [newId, otherId] = [rows[0]!.id, rows[1]!.id];
    });

    it('lists with search and status filter, opens (marking read) and sets the status', async () => {
      const fresh = expectOk<{ data: { id: number; status: string }[] }>(
        await adminCall(app, 'GET', '/contact-messages', { token, query: { status: 'new' } }),
      );
      expect(fresh.data.map((r) => r.id)).toEqual([newId]);
      const searched = expectOk<{ data: { id: number }[] }>(
        await adminCall(app, 'GET', '/contact-messages', { token, query: { q: 'indoor' } }),
      );
      expect(searched.data.map((r) => r.id)).toEqual([otherId]);

      const opened = expectOk(await adminCall(app, 'GET', `/contact-messages/${newId}`, { token }));
      expect(opened).toMatchObject({ id: newId, name: 'Sara', status: 'read' });
      expect(typeof opened.user_id).toBe('number');
      // Opening a handled message leaves it handled.
      expect(expectOk(await adminCall(app, 'GET', `/contact-messages/${otherId}`, { token })).status).toBe('handled');

      const handled = expectOk(
        await adminCall(app, 'POST', `/contact-messages/${newId}/status`, {
          token,
          body: { status: 'handled' },
          lang: 'en',
        }),
        'cms.saved',
        'en',
      );
      expect(handled.status).toBe('handled');
      const [row] = await app.db.select().from(tables.contactMessages).where(eq(tables.contactMessages.id, newId));
      expect(row!.status).toBe('handled');
    });

    it.each(['ar', 'en'] as const)(
      'refuses a bad status or filter and answers 404 for unknown ids (%s)',
      async (lang) => {
        expectFields(
          await adminCall(app, 'POST', `/contact-messages/${newId}/status`, { token, lang, body: { status: 'new' } }),
          { status: 'validation.invalid' },
          lang,
        );
        expectFields(
          await adminCall(app, 'GET', '/contact-messages', { token, lang, query: { status: 'archived' } }),
          { status: 'validation.invalid' },
          lang,
        );
        expectStatus(await adminCall(app, 'GET', '/contact-messages/987654', { token, lang }), 404, 'notFound');
        expectStatus(
          await adminCall(app, 'POST', '/contact-messages/987654/status', { token, lang, body: { status: 'read' } }),
          404,
          'notFound',
        );
      },
    );
  });
});

describe('demo seed', () => {
  it('loads FAQ, cancel reasons and one SEO entry per site page', async () => {
    const app = await buildTestApp();
    try {
      await seed(app.db, { adminEmail: 'owner@example.com', adminPasswordHash: async () => 'unused', demo: false });
      const keys = (await app.db.select().from(tables.seoEntries)).map((r) => r.key);
      for (const key of [
        'home',
        'login',
        'register',
        'contact-us',
        'about',
        'faq',
        'terms',
        'more',
        'online-store',
        'orders',
      ])
        expect(keys).toContain(key);
      expect(keys.some((k) => k.startsWith('auth-'))).toBe(false);
      expect((await app.db.select().from(tables.faqs)).length).toBeGreaterThan(2);
      const reasons = await app.inject({ method: 'GET', url: '/api/user/cancel-reasons', headers: { lang: 'en' } });
      expect(reasons.json().data.length).toBeGreaterThan(2);
      const head = await app.inject({ method: 'GET', url: '/api/user/seo?key=contact-us' });
      expect(head.json().data).toMatchObject({ title: 'تواصل معنا | مسابح', site_name: 'مسابح' });
      expect(head.json().data.keywords).not.toBe('');
    } finally {
      await app.close();
    }
  });
});
