/**
 * The list/create/show/edit/delete screens without images, one table per
 * resource: success in both languages, validation, search, 404, delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { adminCall, adminToken, expectFields, expectOk, expectStatus } from './testing.ts';

type Fields = Record<string, string | [string, Record<string, unknown>]>;
type Case = {
  path: string;
  create: Record<string, unknown>;
  /** What the created item holds (beyond the sent fields that come back as sent). */
  created: Record<string, unknown>;
  edit: Record<string, unknown>;
  edited: Record<string, unknown>;
  search: string;
  /** Body changes and the field errors they give. */
  invalid: [Record<string, unknown>, Fields][];
};

const CASES: Case[] = [
  {
    path: 'countries',
    create: { key: '44', iso: 'gb', name_ar: 'بريطانيا', name_en: 'United Kingdom', sms_allowed: 'true', sort: '3' },
    created: { key: '44', iso: 'GB', sms_allowed: true, sort: 3, active: true, flag: null },
    edit: { key: '44', iso: 'GB', name_ar: 'المملكة المتحدة', name_en: 'UK', active: false },
    edited: { name_ar: 'المملكة المتحدة', name_en: 'UK', active: false, sms_allowed: false, sort: 0 },
    search: 'kingdom',
    invalid: [
      [{ key: '12345' }, { key: ['validation.max_digits', { max: 4 }] }],
      [{ key: '9a' }, { key: 'validation.digits_only' }],
      [{ key: '' }, { key: 'validation.required' }],
      [{ iso: 'SAU' }, { iso: 'validation.invalid' }],
      [{ name_en: ' ' }, { name_en: 'validation.required' }],
      [{ name_ar: undefined }, { name_ar: 'validation.required' }],
      [{ sort: 'x' }, { sort: 'validation.invalid' }],
    ],
  },
  {
    path: 'cities',
    create: { name_ar: 'بريدة', name_en: 'Buraydah' },
    created: { active: true },
    edit: { name_ar: 'بريدة', name_en: 'Buraidah', active: 'false' },
    edited: { name_en: 'Buraidah', active: false },
    search: 'بريد',
    invalid: [
      [{ name_en: undefined }, { name_en: 'validation.required' }],
      [{ name_ar: 'ب' }, { name_ar: ['validation.min_chars', { min: 2 }] }],
    ],
  },
  {
    path: 'socials',
    create: { title: 'TikTok', url: 'https://tiktok.com/@masabeh', icon: 'tiktok' },
    created: { sort: 0 },
    edit: { title: 'YouTube', url: 'https://youtube.com/@masabeh', icon: 'youtube', sort: 7 },
    edited: { title: 'YouTube', icon: 'youtube', sort: 7 },
    search: 'tiktok',
    invalid: [
      [{ url: 'javascript:alert(1)' }, { url: 'validation.url' }],
      [{ url: 'not a link' }, { url: 'validation.url' }],
      [{ icon: 'myspace' }, { icon: 'validation.invalid' }],
      [{ title: '' }, { title: 'validation.required' }],
    ],
  },
  {
    path: 'faqs',
    create: {
      question_ar: 'كم تستغرق الصيانة؟',
      question_en: 'How long does maintenance take?',
      answer_ar: 'ساعتان في المتوسط.',
      answer_en: 'Two hours on average.',
      sort: 2,
    },
    created: {},
    edit: {
      question_ar: 'كم تستغرق الزيارة؟',
      question_en: 'How long is a visit?',
      answer_ar: 'ساعة واحدة.',
      answer_en: 'One hour.',
    },
    edited: { question_en: 'How long is a visit?', sort: 0 },
    search: 'maintenance',
    invalid: [
      [{ answer_en: undefined }, { answer_en: 'validation.required' }],
      [{ question_ar: '' }, { question_ar: 'validation.required' }],
    ],
  },
  {
    path: 'cancel-reasons',
    create: { title_ar: 'تغيرت خططي', title_en: 'My plans changed' },
    created: {},
    edit: { title_ar: 'لم أعد بحاجة للخدمة', title_en: 'I no longer need the service' },
    edited: { title_en: 'I no longer need the service' },
    search: 'plans',
    invalid: [
      [{ title_en: '' }, { title_en: 'validation.required' }],
      [{ title_ar: 'x'.repeat(201) }, { title_ar: ['validation.max_chars', { max: 200 }] }],
    ],
  },
  {
    path: 'redirects',
    create: { from_path: '/old-offers', to: 'https://example.com/offers', permanent: false },
    created: {},
    edit: { from_path: '/old-offers', to: '/online_store' },
    edited: { to: '/online_store', permanent: true },
    search: 'old-off',
    invalid: [
      [{ from_path: 'old' }, { from_path: 'validation.invalid' }],
      [{ from_path: '//evil.example.com' }, { from_path: 'validation.invalid' }],
      [{ to: 'ftp://example.com/x' }, { to: 'validation.url' }],
      [{ to: 'javascript:alert(1)' }, { to: 'validation.url' }],
      [{ to: '' }, { to: 'validation.required' }],
      [{ to: '/old-offers' }, { to: 'cms.redirect_loop' }],
    ],
  },
  {
    path: 'pages/about',
    create: { title_ar: 'قصتنا', title_en: 'Our story', content_ar: '<p>بدأنا</p>', content_en: '<p>We began</p>' },
    created: { page: 'about', sort: 0 },
    edit: { title_ar: 'قصتنا', title_en: 'Our story', content_ar: '<p>نص</p>', content_en: '<p>Text</p>', sort: 4 },
    edited: { content_en: '<p>Text</p>', sort: 4 },
    search: 'story',
    invalid: [
      [{ content_en: '' }, { content_en: 'validation.required' }],
      [{ title_ar: undefined }, { title_ar: 'validation.required' }],
    ],
  },
];

/** What a body field looks like in the answer when it is sent as form text. */
const echoed = (body: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(body).filter(([, v]) => typeof v === 'string' && !/^(true|false|\d+)$/.test(v as string)),
  );

describe('admin content resources', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await buildTestApp();
    token = await adminToken(app);
  });
  afterAll(() => app.close());

  describe.each(CASES)('$path', (c) => {
    let id = 0;

    it('creates, shows, lists with search, edits and deletes', async () => {
      const created = expectOk(await adminCall(app, 'POST', `/${c.path}`, { token, body: c.create }), 'cms.created');
      expect(created).toMatchObject({ ...echoed(c.create), ...c.created });
      id = created.id as number;

      const shown = expectOk(
        await adminCall(app, 'GET', `/${c.path}/${id}`, { token, lang: 'en' }),
        'server.success',
        'en',
      );
      expect(shown).toEqual(created);

      const list = expectOk<{ data: { id: number }[]; pagination: Record<string, number> }>(
        await adminCall(app, 'GET', `/${c.path}`, { token, query: { q: c.search } }),
      );
      expect(list.data.map((r) => r.id)).toEqual([id]);
      expect(list.pagination).toEqual({ total_items: 1, per_page: 15, total_pages: 1, current_page: 1 });
      const none = expectOk<{ data: unknown[] }>(
        await adminCall(app, 'GET', `/${c.path}`, { token, query: { q: 'zz%_no match' } }),
      );
      expect(none.data).toEqual([]);

      const edited = expectOk(
        await adminCall(app, 'POST', `/${c.path}/${id}`, { token, body: c.edit, lang: 'en' }),
        'cms.saved',
        'en',
      );
      expect(edited).toMatchObject({ id, ...c.edited });
      expect(expectOk(await adminCall(app, 'GET', `/${c.path}/${id}`, { token }))).toEqual(edited);
    });

    it.each(['ar', 'en'] as const)('refuses invalid fields and writes nothing (%s)', async (lang) => {
      for (const [patch, fields] of c.invalid) {
        const res = await adminCall(app, 'POST', `/${c.path}`, { token, lang, body: { ...c.create, ...patch } });
        expectFields(res, fields, lang);
        const edit = await adminCall(app, 'POST', `/${c.path}/${id}`, { token, lang, body: { ...c.edit, ...patch } });
        expectFields(edit, fields, lang);
      }
      const list = expectOk<{ pagination: { total_items: number } }>(
        await adminCall(app, 'GET', `/${c.path}`, { token, query: { q: c.search } }),
      );
      expect(list.pagination.total_items).toBeLessThanOrEqual(1);
    });

    it('answers 404 for unknown ids, then deletes', async () => {
      for (const [method, body] of [
        ['GET', undefined],
        ['POST', c.edit],
        ['DELETE', undefined],
      ] as const) {
        expectStatus(await adminCall(app, method, `/${c.path}/987654`, { token, body }), 404, 'notFound');
      }
      expectOk(await adminCall(app, 'DELETE', `/${c.path}/${id}`, { token }), 'cms.deleted');
      expectStatus(await adminCall(app, 'GET', `/${c.path}/${id}`, { token }), 404, 'notFound');
      expectStatus(await adminCall(app, 'DELETE', `/${c.path}/${id}`, { token }), 404, 'notFound');
    });
  });

  it('keeps country keys and redirect paths unique', async () => {
    const country = { key: '49', iso: 'DE', name_ar: 'ألمانيا', name_en: 'Germany' };
    const first = expectOk(await adminCall(app, 'POST', '/countries', { token, body: country }), 'cms.created');
    expectFields(
      await adminCall(app, 'POST', '/countries', { token, body: country, lang: 'en' }),
      { key: 'cms.taken' },
      'en',
    );
    // Saving a row with its own key is fine.
    expectOk(await adminCall(app, 'POST', `/countries/${first.id}`, { token, body: country }), 'cms.saved');

    const redirect = { from_path: '/x-old', to: '/x-new' };
    expectOk(await adminCall(app, 'POST', '/redirects', { token, body: redirect }), 'cms.created');
    expectFields(await adminCall(app, 'POST', '/redirects', { token, body: redirect }), { from_path: 'cms.taken' });
    const found = await app.inject({ method: 'GET', url: '/api/user/redirect?path=/x-old' });
    expect(found.json().data).toEqual({ redirect: '/x-new', permanent: true });
  });

  it('cleans the HTML of about and terms sections on save, and the public pages show them', async () => {
    const section = expectOk(
      await adminCall(app, 'POST', '/pages/terms', {
        token,
        body: {
          title_ar: 'الضمان',
          title_en: 'Warranty',
          content_ar: '<p onclick="x()">سنة<script>alert(1)</script></p>',
          content_en: '<p>One year <a href="javascript:alert(1)">here</a><img src=x onerror=alert(1)></p>',
          sort: 9,
        },
      }),
      'cms.created',
    );
    expect(section).toMatchObject({
      page: 'terms',
      content_ar: '<p>سنة</p>',
      content_en: '<p>One year <a>here</a></p>',
    });
    // A terms section is not an about section.
    expectStatus(await adminCall(app, 'GET', `/pages/about/${section.id}`, { token }), 404, 'notFound');
    const terms = await app.inject({ method: 'GET', url: '/api/user/terms', headers: { lang: 'en' } });
    expect(terms.json().data.at(-1)).toEqual({
      id: section.id,
      title: 'Warranty',
      content: '<p>One year <a>here</a></p>',
    });
  });

  it('paginates 15 per page', async () => {
    for (let i = 0; i < 17; i++) {
      expectOk(
        await adminCall(app, 'POST', '/cancel-reasons', {
          token,
          body: { title_ar: `سبب ${i}`, title_en: `Paged ${i}` },
        }),
        'cms.created',
      );
    }
    const page2 = expectOk<{ data: { title_en: string }[]; pagination: Record<string, number> }>(
      await adminCall(app, 'GET', '/cancel-reasons', { token, query: { q: 'paged', page: '2' } }),
    );
    expect(page2.data.map((r) => r.title_en)).toEqual(['Paged 15', 'Paged 16']);
    expect(page2.pagination).toEqual({ total_items: 17, per_page: 15, total_pages: 2, current_page: 2 });
  });
});
