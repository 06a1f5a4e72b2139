import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCountry } from '@pool/db';
import { buildTestApp, type TestApp } from '../../testing/app.ts';

describe('GET countries', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('answers an empty list when none exist', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user/countries' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'تمت العملية بنجاح', key: 'success', data: [] });
  });

  it('answers the active countries by sort with the localized name and the flag as image', async () => {
    const ae = await makeCountry(app.db, {
      key: '971',
      iso: 'AE',
      nameAr: 'الإمارات',
      nameEn: 'United Arab Emirates',
      sort: 2,
      flag: '/img/flags/ae.svg',
    });
    const sa = await makeCountry(app.db, { sort: 1, flag: '/img/flags/sa.svg' });
    await makeCountry(app.db, { key: '965', iso: 'KW', nameAr: 'الكويت', nameEn: 'Kuwait', sort: 0, active: false });
    const eg = await makeCountry(app.db, { key: '20', iso: 'EG', nameAr: 'مصر', nameEn: 'Egypt', sort: 3 });

    const ar = (await app.inject({ method: 'GET', url: '/api/user/countries' })).json();
    expect(ar).toEqual({
      msg: 'تمت العملية بنجاح',
      key: 'success',
      data: [
        { id: sa.id, key: '966', iso: 'SA', name: 'السعودية', image: '/img/flags/sa.svg' },
        { id: ae.id, key: '971', iso: 'AE', name: 'الإمارات', image: '/img/flags/ae.svg' },
        { id: eg.id, key: '20', iso: 'EG', name: 'مصر', image: null },
      ],
    });

    const en = (await app.inject({ method: 'GET', url: '/api/user/countries', headers: { lang: 'en' } })).json();
    expect(en.msg).toBe('Done successfully');
    expect(en.data.map((c: { name: string }) => c.name)).toEqual(['Saudi Arabia', 'United Arab Emirates', 'Egypt']);
    const viaAccept = (
      await app.inject({ method: 'GET', url: '/api/user/countries', headers: { 'accept-language': 'en-GB,en;q=0.8' } })
    ).json();
    expect(viaAccept.data[0].name).toBe('Saudi Arabia');
  });
});
