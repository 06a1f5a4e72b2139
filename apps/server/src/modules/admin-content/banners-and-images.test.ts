/**
 * Content images through the upload pipeline: banners (with their order),
 * intro pages and country flags; and the permission checks of the content
 * screens (whose last step reorders a banner made here).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBanner, makeUser, tables } from '@pool/db';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { issueUserToken } from '../../lib/sessions.ts';
import { adminCall, adminToken, expectFields, expectOk, expectStatus, imageForm, multipart } from './testing.ts';

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
