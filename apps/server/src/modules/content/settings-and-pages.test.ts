/** Public content: the site settings (with the maps key), the home page, and the about and terms pages. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, makeBanner, makeIntro, makePageSection, makeSetting } from '@pool/db';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { loadConfig } from '../../config.ts';

const en = { lang: 'en' };

describe('public content', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  describe('GET settings', () => {
    it('answers the defaults in Arabic when nothing is stored', async () => {
      const res = await get('/api/user/settings');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        msg: 'تمت العملية بنجاح',
        key: 'success',
        data: {
          site_name: 'مسابح',
          description: DEFAULT_SETTINGS.site.description_ar,
          android_app_link: DEFAULT_SETTINGS.apps.android_app_link,
          iphone_app_link: DEFAULT_SETTINGS.apps.iphone_app_link,
          logo: '/img/logo_app.png',
          location: DEFAULT_SETTINGS.contact.location_ar,
          phone: DEFAULT_SETTINGS.contact.phone,
          email: DEFAULT_SETTINGS.contact.email,
          map_url: DEFAULT_SETTINGS.contact.map_url,
          tax_number: DEFAULT_SETTINGS.legal.tax_number,
          commercial_record: DEFAULT_SETTINGS.legal.commercial_record,
          maps_api_key: null,
          maps_map_id: null,
        },
      });
    });

    it('reads the stored settings, localized into English', async () => {
      await makeSetting(app.db, 'site', { ...DEFAULT_SETTINGS.site, name_en: 'Pools Co', name_ar: 'شركة المسابح' });
      await makeSetting(app.db, 'apps', {
        android_app_link: 'https://play.example.com/x',
        iphone_app_link: 'https://apps.example.com/y',
      });
      await makeSetting(app.db, 'contact', { ...DEFAULT_SETTINGS.contact, location_en: 'Jeddah', map_url: '' });
      const res = await get('/api/user/settings', en);
      expect(res.json()).toMatchObject({
        msg: 'Done successfully',
        key: 'success',
        data: {
          site_name: 'Pools Co',
          description: DEFAULT_SETTINGS.site.description_en,
          android_app_link: 'https://play.example.com/x',
          iphone_app_link: 'https://apps.example.com/y',
          location: 'Jeddah',
          map_url: null,
        },
      });
      expect((await get('/api/user/settings')).json().data.site_name).toBe('شركة المسابح');
    });
  });

  describe('GET settings: the maps key', () => {
    it('answers null without MAPS_API_KEY, and the key with the map id when it is set', async () => {
      expect((await get('/api/user/settings')).json().data).toMatchObject({ maps_api_key: null, maps_map_id: null });
      const withKey = await buildTestApp({
        config: { MAPS_API_KEY: 'AIza-browser-key', MAPS_MAP_ID: '8e0a97af9386fef' },
      });
      try {
        const res = await withKey.inject({ method: 'GET', url: '/api/user/settings' });
        expect(res.json().data).toMatchObject({ maps_api_key: 'AIza-browser-key', maps_map_id: '8e0a97af9386fef' });
      } finally {
        await withKey.close();
      }
      // Without MAPS_MAP_ID, Google's demo map id.
      expect(loadConfig({ MAPS_API_KEY: 'AIza-browser-key' }).MAPS_MAP_ID).toBe('DEMO_MAP_ID');
    });
  });

  describe('GET home', () => {
    it('answers active banners and intro pages by sort, and the four services, in both languages', async () => {
      const second = await makeBanner(app.db, { titleAr: 'ثاني', titleEn: 'Second', sort: 2, link: '/construction' });
      const first = await makeBanner(app.db, { titleAr: 'أول', titleEn: 'First', sort: 1 });
      await makeBanner(app.db, { titleAr: 'مخفي', titleEn: 'Hidden', sort: 0, active: false });
      const introB = await makeIntro(app.db, { titleAr: 'ب', titleEn: 'B', descriptionEn: 'B text', sort: 5 });
      const introA = await makeIntro(app.db, {
        titleAr: 'أ',
        titleEn: 'A',
        descriptionAr: 'نص أ',
        sort: 1,
        image: '/img/a.webp',
      });

      const ar = (await get('/api/user/home')).json();
      expect(ar.key).toBe('success');
      expect(ar.msg).toBe('تمت العملية بنجاح');
      expect(ar.data.banners).toEqual([
        { id: first.id, image: first.image, link: null, title: 'أول' },
        { id: second.id, image: second.image, link: '/construction', title: 'ثاني' },
      ]);
      expect(ar.data.intros).toEqual([
        { id: introA.id, title: 'أ', description: 'نص أ', image: '/img/a.webp' },
        { id: introB.id, title: 'ب', description: 'وصف', image: introB.image },
      ]);
      expect(ar.data.services.map((s: { key: string; path: string }) => [s.key, s.path])).toEqual([
        ['online_store', '/online_store'],
        ['immediate_maintenance', '/Immediate_maintenance'],
        ['scheduled_maintenance', '/scheduled_maintenance'],
        ['construction', '/construction'],
      ]);
      expect(ar.data.services[0]).toMatchObject({ title: 'المتجر الإلكتروني' });

      const english = (await get('/api/user/home', en)).json();
      expect(english.msg).toBe('Done successfully');
      expect(english.data.banners.map((b: { title: string }) => b.title)).toEqual(['First', 'Second']);
      expect(english.data.intros[1]).toMatchObject({ title: 'B', description: 'B text' });
      expect(english.data.services.map((s: { title: string }) => s.title)).toEqual([
        'Online store',
        'Immediate maintenance',
        'Scheduled maintenance',
        'Pool construction',
      ]);
      for (const s of [...ar.data.services, ...english.data.services]) {
        expect(s.title).not.toMatch(/^server\./);
        expect(s.description).not.toMatch(/^server\./);
      }
    });
  });

  describe('GET about and terms', () => {
    it('answers the sections of each page by sort, localized', async () => {
      const t2 = await makePageSection(app.db, {
        page: 'terms',
        titleAr: 'ثانياً',
        titleEn: 'Second',
        contentEn: '<p>two</p>',
        sort: 2,
      });
      const t1 = await makePageSection(app.db, {
        page: 'terms',
        titleAr: 'أولاً',
        titleEn: 'First',
        contentAr: '<p>واحد</p>',
        sort: 1,
      });
      const a1 = await makePageSection(app.db, { page: 'about', sort: 0 });

      const terms = (await get('/api/user/terms')).json();
      expect(terms).toEqual({
        msg: 'تمت العملية بنجاح',
        key: 'success',
        data: [
          { id: t1.id, title: 'أولاً', content: '<p>واحد</p>' },
          { id: t2.id, title: 'ثانياً', content: '<p>نص</p>' },
        ],
      });
      const termsEn = (await get('/api/user/terms', en)).json();
      expect(termsEn.data).toEqual([
        { id: t1.id, title: 'First', content: '<p>Text</p>' },
        { id: t2.id, title: 'Second', content: '<p>two</p>' },
      ]);
      const about = (await get('/api/user/about', en)).json();
      expect(about).toMatchObject({ msg: 'Done successfully', key: 'success' });
      expect(about.data).toEqual([{ id: a1.id, title: 'About us', content: '<p>Text</p>' }]);
    });

    it('cleans the HTML with the allow-list', async () => {
      const dirty =
        '<h3 style="color:red">Title</h3><p onclick="steal()">Hi <strong>bold</strong> <em>it</em><br>' +
        '<script>alert(1)</script><img src=x onerror="alert(2)">' +
        '<a href="javascript:alert(3)">bad</a> <a href="https://ok.example.com" target="_blank" onmouseover="x()">ok</a> ' +
        '<a href="mailto:a@b.com">mail</a> <a href="tel:+966">tel</a> <a href="//evil.example.com">proto</a></p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol><h4>Sub</h4><iframe src="https://evil.example.com"></iframe><h1>big</h1>';
      await makePageSection(app.db, { page: 'about', contentEn: dirty, sort: 9 });
      const about = (await get('/api/user/about', en)).json();
      expect(about.data.at(-1).content).toBe(
        '<h3>Title</h3><p>Hi <strong>bold</strong> <em>it</em><br />' +
          '<a>bad</a> <a href="https://ok.example.com">ok</a> ' +
          '<a href="mailto:a@b.com">mail</a> <a href="tel:+966">tel</a> <a>proto</a></p>' +
          '<ul><li>one</li></ul><ol><li>two</li></ol><h4>Sub</h4>big',
      );
    });
  });
});
