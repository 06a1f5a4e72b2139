/**
 * Images (banners, intro pages, flags, settings), banner order, SEO, site
 * settings, the contact inbox and the permission checks of the content screens.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_SETTINGS, makeBanner, makeUser, seed, tables } from '@pool/db';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { issueUserToken } from '../../lib/sessions.ts';
import { adminCall, adminToken, expectFields, expectOk, expectStatus, imageForm, multipart, png } from './testing.ts';

describe('admin content', () => {
  let app: TestApp;
  let token: string;
  const fileOf = (url: string) => join(app.config.dataDir, 'uploads', url.replace(/^\/uploads\//, ''));
  beforeAll(async () => {
    app = await buildTestApp();
    token = await adminToken(app);
  });
  afterAll(() => app.close());

  describe('banners', () => {
    it('creates a banner from a multipart form with a PNG and shows it on the home page', async () => {
      const form = await imageForm({ title_ar: 'عرض', title_en: 'Offer', link: '/online_store', active: 'true' });
      const banner = expectOk(await adminCall(app, 'POST', '/banners', { token, form }), 'cms.created');
      expect(banner).toMatchObject({ title_ar: 'عرض', title_en: 'Offer', link: '/online_store', product_id: null });
      expect(banner.image).toMatch(/^\/uploads\/banners\/[0-9a-f]{32}\.png$/);
      expect(existsSync(fileOf(banner.image as string))).toBe(true);
      const home = await app.inject({ method: 'GET', url: '/api/user/home', headers: { lang: 'en' } });
      expect(home.json().data.banners).toContainEqual({
        id: banner.id,
        image: banner.image,
        link: '/online_store',
        title: 'Offer',
      });
    });

    it.each(['ar', 'en'] as const)('requires the image on create and validates link and product (%s)', async (lang) => {
      expectFields(
        await adminCall(app, 'POST', '/banners', { token, lang, form: await imageForm({ title_en: 'x' }, false) }),
        { image: 'validation.required' },
        lang,
      );
      expectFields(
        await adminCall(app, 'POST', '/banners', { token, lang, form: await imageForm({ link: 'not a link' }) }),
        { link: 'validation.url' },
        lang,
      );
      expectFields(
        await adminCall(app, 'POST', '/banners', {
          token,
          lang,
          form: await imageForm({ link: 'https://example.com', product_id: '5' }),
        }),
        { link: 'cms.link_or_product' },
        lang,
      );
      const notImage = multipart({}, { image: { filename: 'a.png', type: 'image/png', data: Buffer.from('<svg/>') } });
      expectFields(
        await adminCall(app, 'POST', '/banners', { token, lang, form: notImage }),
        { image: 'validation.image' },
        lang,
      );
    });

    it('accepts a product id or an absolute URL, keeps the image on edit without a file and replaces it with one', async () => {
      const created = expectOk(
        await adminCall(app, 'POST', '/banners', { token, form: await imageForm({ product_id: '42' }) }),
        'cms.created',
      );
      expect(created).toMatchObject({ product_id: 42, link: null, title_ar: '', title_en: '' });
      const kept = expectOk(
        await adminCall(app, 'POST', `/banners/${created.id}`, { token, body: { link: 'https://example.com/sale' } }),
        'cms.saved',
      );
      expect(kept).toMatchObject({ image: created.image, link: 'https://example.com/sale', product_id: null });
      expect(kept.sort).toBe(created.sort);
      const replaced = expectOk(
        await adminCall(app, 'POST', `/banners/${created.id}`, { token, form: await imageForm({}, true, 200) }),
        'cms.saved',
      );
      expect(replaced.image).not.toBe(created.image);
      expect(existsSync(fileOf(replaced.image as string))).toBe(true);
      expect(existsSync(fileOf(created.image as string))).toBe(false);
      expectOk(await adminCall(app, 'DELETE', `/banners/${created.id}`, { token }), 'cms.deleted');
      expect(existsSync(fileOf(replaced.image as string))).toBe(false);
    });

    it('reorders the banners in one go; unknown or repeated ids change nothing', async () => {
      await app.db.delete(tables.banners);
      const [a, b, c] = [
        await makeBanner(app.db, { titleEn: 'A', sort: 0 }),
        await makeBanner(app.db, { titleEn: 'B', sort: 1 }),
        await makeBanner(app.db, { titleEn: 'C', sort: 2 }),
      ];
      const titles = async () =>
        (await app.inject({ method: 'GET', url: '/api/user/home', headers: { lang: 'en' } }))
          .json()
          .data.banners.map((x: { title: string }) => x.title);
      expectOk(await adminCall(app, 'POST', '/banners/reorder', { token, body: { ids: [c!.id, a!.id] } }), 'cms.saved');
      expect(await titles()).toEqual(['C', 'A', 'B']);
      const list = expectOk<{ data: { id: number; sort: number }[] }>(
        await adminCall(app, 'GET', '/banners', { token }),
      );
      expect(list.data.map((x) => [x.id, x.sort])).toEqual([
        [c!.id, 0],
        [a!.id, 1],
        [b!.id, 2],
      ]);

      for (const ids of [
        [b!.id, 987654],
        [a!.id, a!.id],
      ]) {
        expectFields(
          await adminCall(app, 'POST', '/banners/reorder', { token, body: { ids }, lang: 'en' }),
          { ids: 'validation.invalid' },
          'en',
        );
      }
      expectFields(await adminCall(app, 'POST', '/banners/reorder', { token, body: { ids: [] } }), {
        ids: 'validation.required',
      });
      expect(await titles()).toEqual(['C', 'A', 'B']);

      // A new banner goes last.
      const last = expectOk(
        await adminCall(app, 'POST', '/banners', { token, form: await imageForm({}) }),
        'cms.created',
      );
      expect(last.sort).toBe(3);
    });
  });

  it('stores intro pages with their image and cleaned content', async () => {
    const fields = {
      title_ar: 'مقدمة',
      title_en: 'Intro',
      description_ar: 'وصف قصير',
      description_en: 'Short text',
      content_ar: '<p>نص<script>x()</script></p>',
      content_en: '<h3 style="color:red">Text</h3>',
    };
    expectFields(
      await adminCall(app, 'POST', '/intros', { token, lang: 'en', form: await imageForm(fields, false) }),
      { image: 'validation.required' },
      'en',
    );
    expectFields(
      await adminCall(app, 'POST', '/intros', { token, form: await imageForm({ ...fields, description_en: '' }) }),
      { description_en: 'validation.required' },
    );
    const intro = expectOk(
      await adminCall(app, 'POST', '/intros', { token, form: await imageForm(fields) }),
      'cms.created',
    );
    expect(intro).toMatchObject({ content_ar: '<p>نص</p>', content_en: '<h3>Text</h3>' });
    expect(intro.image).toMatch(/^\/uploads\/intros\//);
  });

  it('stores a country flag from the `image` file', async () => {
    const form = await imageForm({ key: '962', iso: 'JO', name_ar: 'الأردن', name_en: 'Jordan', sms_allowed: '1' });
    const country = expectOk(await adminCall(app, 'POST', '/countries', { token, form }), 'cms.created');
    expect(country).toMatchObject({ key: '962', sms_allowed: true });
    expect(country.flag).toMatch(/^\/uploads\/flags\/[0-9a-f]{32}\.png$/);
    const picker = await app.inject({ method: 'GET', url: '/api/user/countries', headers: { lang: 'en' } });
    expect(picker.json().data).toContainEqual(expect.objectContaining({ key: '962', name: 'Jordan' }));
  });

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
      monthly_target: '12345600',
    };

    it('answers the defaults, then round-trips a save through the public settings', async () => {
      const defaults = expectOk(await adminCall(app, 'GET', '/settings', { token }));
      expect(defaults).toMatchObject({
        site_name_en: DEFAULT_SETTINGS.site.name_en,
        vat_rate: 15,
        monthly_target: DEFAULT_SETTINGS.monthly_target,
        logo: DEFAULT_SETTINGS.site.logo,
        share_image: DEFAULT_SETTINGS.site.share_image,
      });

      const saved = expectOk(await adminCall(app, 'POST', '/settings', { token, body, lang: 'en' }), 'cms.saved', 'en');
      expect(saved).toEqual({
        ...body,
        vat_rate: 15,
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

  describe('permissions', () => {
    it('refuses admins without the permission and customers, and lets the permission through', async () => {
      const viewer = await adminToken(app, ['countries.view', 'settings.view']);
      const none = await adminToken(app, []);
      const customer = await issueUserToken(app.db, (await makeUser(app.db)).id);

      expectOk(await adminCall(app, 'GET', '/countries', { token: viewer }));
      expectOk(await adminCall(app, 'GET', '/settings', { token: viewer }));
      const refused: [string, 'GET' | 'POST' | 'DELETE', string, object?][] = [
        [viewer, 'POST', '/countries', { key: '1', iso: 'US', name_ar: 'أمريكا', name_en: 'USA' }],
        [viewer, 'DELETE', '/countries/1'],
        [viewer, 'POST', '/settings', {}],
        [viewer, 'POST', '/pages/about', {}],
        [viewer, 'GET', '/banners'],
        [none, 'POST', '/banners/reorder', { ids: [1] }],
        [none, 'GET', '/seo'],
        [none, 'POST', '/seo/1', {}],
        [none, 'GET', '/contact-messages'],
        [none, 'POST', '/contact-messages/1/status', { status: 'read' }],
        [none, 'GET', '/faqs'],
        [none, 'DELETE', '/redirects/1'],
        [none, 'GET', '/cancel-reasons'],
        [none, 'POST', '/cities', {}],
      ];
      for (const [who, method, path, body] of refused) {
        const res = await adminCall(app, method, path, { token: who, body, lang: 'en' });
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json()).toEqual({ msg: 'You are not allowed to do this', key: 'forbidden', data: null });
      }
      expectStatus(await adminCall(app, 'GET', '/countries', { token: customer }), 401, 'unauthenticated');
      expectStatus(await adminCall(app, 'GET', '/countries'), 401, 'unauthenticated');

      const editor = await adminToken(app, ['banners.edit']);
      const [banner] = await app.db.select().from(tables.banners).limit(1);
      expectOk(
        await adminCall(app, 'POST', '/banners/reorder', { token: editor, body: { ids: [banner!.id] } }),
        'cms.saved',
      );
    });
  });
});

describe('demo seed', () => {
  it('loads FAQ, cancel reasons and one SEO entry per site page', async () => {
    const app = await buildTestApp();
    try {
      await seed(app.db, { adminEmail: 'owner@example.com', adminPasswordHash: 'unused', demo: false });
      const keys = (await app.db.select().from(tables.seoEntries)).map((r) => r.key);
      for (const key of ['home', 'login', 'register', 'contact-us', 'about', 'terms', 'more', 'online-store', 'orders'])
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
