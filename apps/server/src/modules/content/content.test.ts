import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_SETTINGS,
  makeBanner,
  makeCity,
  makeIntro,
  makePageSection,
  makeRedirect,
  makeSetting,
  makeSocial,
  makeUser,
  tables,
} from '@pool/db';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { loadConfig } from '../../config.ts';
import { issueUserToken } from '../../lib/sessions.ts';
import { CONTACT_PER_HOUR } from './routes.ts';

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
        engine: 'pglite',
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

  describe('POST contact-us-store', () => {
    const body = { name: 'Ahmad Ali', phone: '512345678', message: 'I need a quote for my pool.' };
    let ipSeq = 0;
    /** Each test gets its own client address so the per-IP limit does not leak between tests. */
    const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = `10.0.0.${++ipSeq}`) =>
      app.inject({
        method: 'POST',
        url: '/api/user/contact-us-store',
        payload: payload as object,
        headers,
        remoteAddress,
      });
    const messages = () => app.db.select().from(tables.contactMessages);

    it('stores the message of a visitor and answers in Arabic by default', async () => {
      const res = await post(body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ msg: 'تم إرسال رسالتك، سنتواصل معك قريباً', key: 'success', data: null });
      const [row] = (await messages()).filter((m) => m.name === 'Ahmad Ali');
      expect(row).toMatchObject({ userId: null, phone: '512345678', message: body.message, status: 'new' });
    });

    it('binds the signed-in customer and answers in English', async () => {
      const user = await makeUser(app.db);
      const token = await issueUserToken(app.db, user.id);
      const res = await post({ ...body, name: 'Signed In' }, { ...en, authorization: `Bearer ${token}` });
      expect(res.json()).toEqual({
        msg: 'Your message has been sent, we will contact you soon',
        key: 'success',
        data: null,
      });
      const rows = await app.db
        .select()
        .from(tables.contactMessages)
        .where(eq(tables.contactMessages.name, 'Signed In'));
      expect(rows.map((r) => r.userId)).toEqual([user.id]);
    });

    it('accepts a form-encoded body and a guest token (no user bound)', async () => {
      const guest = await issueUserToken(app.db, null);
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/contact-us-store',
        headers: { authorization: `Bearer ${guest}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...body, name: 'Guest Person' }).toString(),
        remoteAddress: '10.1.0.1',
      });
      expect(res.statusCode).toBe(200);
      const rows = await app.db
        .select()
        .from(tables.contactMessages)
        .where(eq(tables.contactMessages.name, 'Guest Person'));
      expect(rows.map((r) => r.userId)).toEqual([null]);
    });

    it('refuses invalid fields with messages in the request language and stores nothing', async () => {
      const before = (await messages()).length;
      const ar = await post({});
      expect(ar.statusCode).toBe(422);
      expect(ar.json()).toEqual({
        msg: 'يرجى تصحيح الحقول المشار إليها',
        key: 'fail',
        data: { name: expect.any(String), phone: expect.any(String), message: expect.any(String) },
      });
      const english = await post({ name: 'Al', phone: '12ab', message: 'short' }, en);
      expect(english.statusCode).toBe(422);
      const fields = english.json().data;
      expect(english.json().msg).toBe('Please correct the highlighted fields');
      expect(Object.keys(fields).sort()).toEqual(['message', 'name', 'phone']);
      expect(fields.name).toMatch(/3/);
      expect(fields.message).toMatch(/10/);
      const badPhone = await post({ ...body, phone: '12345' }, en);
      expect(Object.keys(badPhone.json().data)).toEqual(['phone']);
      expect((await messages()).length).toBe(before);
    });

    it(`accepts ${CONTACT_PER_HOUR} messages per hour from one IP, then answers 429`, async () => {
      const ip = '10.9.9.9';
      // Refused (invalid) submissions do not use up the allowance.
      for (let i = 0; i < CONTACT_PER_HOUR + 1; i++)
        expect((await post({ ...body, phone: 'x' }, {}, ip)).statusCode).toBe(422);
      for (let i = 0; i < CONTACT_PER_HOUR; i++) expect((await post(body, {}, ip)).statusCode).toBe(200);
      const limited = await post(body, en, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        msg: 'Too many requests, please try again shortly',
        key: 'tooManyRequests',
        data: { retry_after: expect.any(Number) },
      });
      const limitedAr = await post(body, {}, ip);
      expect(limitedAr.json().msg).toBe('طلبات كثيرة، يرجى المحاولة بعد قليل');
      expect((await post(body, {}, '10.9.9.10')).statusCode).toBe(200);
    });
  });

  describe('GET contact-us-info', () => {
    it('answers the socials by sort and the localized contact details', async () => {
      await makeSetting(app.db, 'contact', DEFAULT_SETTINGS.contact);
      const ig = await makeSocial(app.db, {
        title: 'Instagram',
        url: 'https://instagram.com/x',
        icon: 'instagram',
        sort: 2,
      });
      const x = await makeSocial(app.db, { sort: 1, icon: null });
      const ar = (await get('/api/user/contact-us-info')).json();
      expect(ar).toEqual({
        msg: 'تمت العملية بنجاح',
        key: 'success',
        data: {
          socials: [
            { id: x.id, title: 'X', url: 'https://x.com/example', icon: null },
            { id: ig.id, title: 'Instagram', url: 'https://instagram.com/x', icon: 'instagram' },
          ],
          contact_info: {
            location: DEFAULT_SETTINGS.contact.location_ar,
            phone: DEFAULT_SETTINGS.contact.phone,
            email: DEFAULT_SETTINGS.contact.email,
            map_url: DEFAULT_SETTINGS.contact.map_url,
            tax_number: DEFAULT_SETTINGS.legal.tax_number,
            commercial_record: DEFAULT_SETTINGS.legal.commercial_record,
          },
        },
      });
      const english = (await get('/api/user/contact-us-info', en)).json();
      expect(english.msg).toBe('Done successfully');
      expect(english.data.contact_info.location).toBe(DEFAULT_SETTINGS.contact.location_en);
    });
  });

  describe('GET redirect', () => {
    it('answers the stored target on an exact match', async () => {
      await makeRedirect(app.db, { fromPath: '/old-page', to: '/online_store', permanent: true });
      await makeRedirect(app.db, { fromPath: '/promo', to: 'https://example.com/promo', permanent: false });
      expect((await get('/api/user/redirect?path=/old-page')).json()).toEqual({
        msg: 'تمت العملية بنجاح',
        key: 'success',
        data: { redirect: '/online_store', permanent: true },
      });
      expect((await get('/api/user/redirect?path=%2Fpromo', en)).json()).toEqual({
        msg: 'Done successfully',
        key: 'success',
        data: { redirect: 'https://example.com/promo', permanent: false },
      });
    });

    it('answers null for any other path (no prefix or case folding)', async () => {
      for (const path of ['/nothing-here', '/old-page/', '/old-page/x', '/OLD-PAGE', '/old']) {
        const res = await get(`/api/user/redirect?path=${encodeURIComponent(path)}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toEqual({ redirect: null, permanent: false });
      }
    });

    it('refuses a missing path or one not starting with /', async () => {
      const missing = await get('/api/user/redirect');
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toMatchObject({
        key: 'fail',
        msg: 'يرجى تصحيح الحقول المشار إليها',
        data: { path: expect.any(String) },
      });
      const relative = await get('/api/user/redirect?path=old-page', en);
      expect(relative.statusCode).toBe(422);
      expect(relative.json()).toMatchObject({
        key: 'fail',
        msg: 'Please correct the highlighted fields',
        data: { path: expect.any(String) },
      });
      const tooLong = await get(`/api/user/redirect?path=/${'a'.repeat(2001)}`);
      expect(tooLong.statusCode).toBe(422);
    });
  });

  describe('GET faqs, cities, cancel-reasons', () => {
    it('answers the FAQ by sort, localized', async () => {
      await app.db.insert(tables.faqs).values([
        { questionAr: 'س٢', questionEn: 'Q2', answerAr: 'ج٢', answerEn: 'A2', sort: 2 },
        { questionAr: 'س١', questionEn: 'Q1', answerAr: 'ج١', answerEn: 'A1', sort: 1 },
      ]);
      const ar = (await get('/api/user/faqs')).json();
      expect(ar.data.map((f: { question: string; answer: string }) => [f.question, f.answer])).toEqual([
        ['س١', 'ج١'],
        ['س٢', 'ج٢'],
      ]);
      const english = (await get('/api/user/faqs', en)).json();
      expect(english.data[0]).toEqual({ id: expect.any(Number), question: 'Q1', answer: 'A1' });
    });

    it('answers the active cities by name, localized', async () => {
      const jeddah = await makeCity(app.db, { nameAr: 'جدة', nameEn: 'Jeddah' });
      const abha = await makeCity(app.db, { nameAr: 'أبها', nameEn: 'Abha' });
      await makeCity(app.db, { nameAr: 'مغلقة', nameEn: 'Closed', active: false });
      expect((await get('/api/user/cities', en)).json().data).toEqual([
        { id: abha.id, name: 'Abha' },
        { id: jeddah.id, name: 'Jeddah' },
      ]);
      expect((await get('/api/user/cities')).json().data.map((c: { name: string }) => c.name)).toEqual(['أبها', 'جدة']);
    });

    it('answers the cancel reasons, localized', async () => {
      await app.db.insert(tables.cancelReasons).values({ titleAr: 'طلبت بالخطأ', titleEn: 'Ordered by mistake' });
      expect((await get('/api/user/cancel-reasons', en)).json().data).toEqual([
        { id: expect.any(Number), title: 'Ordered by mistake' },
      ]);
      expect((await get('/api/user/cancel-reasons')).json().data[0].title).toBe('طلبت بالخطأ');
    });
  });

  describe('GET seo', () => {
    it('answers the meta of a page in the request language, falling back to the site name', async () => {
      await app.db.insert(tables.seoEntries).values({
        key: 'about',
        metaTitleAr: 'من نحن | مسابح',
        metaTitleEn: 'About | Masabeh',
        metaDescriptionAr: 'تعرف علينا',
        metaDescriptionEn: 'Meet us',
        metaKeywordsEn: 'pools',
      });
      expect((await get('/api/user/seo?key=about', en)).json().data).toMatchObject({
        key: 'about',
        title: 'About | Masabeh',
        description: 'Meet us',
        keywords: 'pools',
      });
      const ar = (await get('/api/user/seo?key=about')).json().data;
      expect(ar).toMatchObject({ title: 'من نحن | مسابح', description: 'تعرف علينا', keywords: '' });
      const other = (await get('/api/user/seo?key=nowhere')).json().data;
      expect(other.title).toBe(other.site_name);
      expect(typeof other.share_image).toBe('string');
      expect((await get('/api/user/seo')).statusCode).toBe(422);
    });
  });
});
