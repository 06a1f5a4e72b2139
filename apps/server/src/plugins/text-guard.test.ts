/** NUL bytes, lone surrogates and broken multipart bodies answer 400 in the request's language and store nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { tables } from '@pool/db';
import { buildTestApp, type TestApp } from '../testing/app.ts';
import { hasBadText } from './text-guard.ts';

const MESSAGES = {
  bad_characters: {
    ar: 'يحتوي الطلب على رموز غير مسموح بها',
    en: 'The request contains characters that are not allowed',
  },
  bad_multipart: {
    ar: 'تعذرت قراءة النموذج المرسل، يرجى إعادة الإرسال',
    en: 'The form could not be read, please send it again',
  },
};

describe('text the database cannot store, and broken forms', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const messages = async () => (await app.db.select({ n: count() }).from(tables.contactMessages))[0]!.n;
  const contact = { name: 'Ali Hassan', phone: '500000001', message: 'Please call me back' };

  it('finds NUL and lone surrogates in strings, keys and nested values, and lets real text through', () => {
    expect(hasBadText('a\u0000b')).toBe(true);
    expect(hasBadText('a\ud800b')).toBe(true);
    expect(hasBadText('\udc00')).toBe(true);
    expect(hasBadText({ list: [{ deep: 'x\u0000' }] })).toBe(true);
    expect(hasBadText({ ['k\u0000']: 'v' })).toBe(true);
    expect(hasBadText({ name: 'مسبح 🏊 Pool', n: 5, ok: true, none: null })).toBe(false);
  });

  for (const lang of ['ar', 'en'] as const) {
    it(`refuses NUL in a query, a path and a body, and a lone surrogate in JSON (${lang})`, async () => {
      const before = await messages();
      const requests = [
        { method: 'GET' as const, url: '/api/user/store/products?search=a%00b' },
        { method: 'GET' as const, url: '/api/user/redirect?path=/x%00' },
        { method: 'POST' as const, url: '/api/user/contact-us-store', payload: { ...contact, name: 'Ali\u0000' } },
        {
          method: 'POST' as const,
          url: '/api/user/contact-us-store',
          payload: `name=Ali%00Hassan&phone=500000001&message=hello+there`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        {
          method: 'POST' as const,
          url: '/api/user/contact-us-store',
          payload: '{"name":"Ali \\ud800","phone":"500000001","message":"hello there"}',
          headers: { 'content-type': 'application/json' },
        },
      ];
      for (const r of requests) {
        const res = await app.inject({ ...r, headers: { ...r.headers, lang } });
        expect(res.statusCode, r.url).toBe(400);
        expect(res.json()).toEqual({ key: 'fail', msg: MESSAGES.bad_characters[lang], data: null });
      }
      expect(await messages()).toBe(before);
    });
  }

  it('refuses a truncated multipart body, or one without a boundary, with 400 and stores nothing', async () => {
    const boundary = 'B0undary';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAli Hassan\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="phone"\r\n\r\n500000001\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\nhello there\r\n--${boundary}--\r\n`;
    const before = await messages();
    for (const [payload, type] of [
      [body.slice(0, 70), `multipart/form-data; boundary=${boundary}`],
      [body.slice(0, body.length - 10), `multipart/form-data; boundary=${boundary}`],
      [body, 'multipart/form-data'],
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/contact-us-store',
        payload,
        headers: { 'content-type': type!, lang: 'en' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ key: 'fail', msg: MESSAGES.bad_multipart.en, data: null });
    }
    expect(await messages()).toBe(before);
    // The whole body is read and stored.
    const whole = await app.inject({
      method: 'POST',
      url: '/api/user/contact-us-store',
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(await messages()).toBe(before + 1);
  });
});
