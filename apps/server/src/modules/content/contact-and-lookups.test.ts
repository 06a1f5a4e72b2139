/** Public content: contact us (sending a message, the contact details), redirects, FAQ, cities, cancel reasons and SEO. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_SETTINGS, makeCity, makeRedirect, makeSetting, makeSocial, makeUser, tables } from '@pool/db';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
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
