/** Saved addresses: the national-address fields, the map pin inside Saudi Arabia, ownership. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCity, tables } from '@pool/db';
import type { AddressItem } from '@pool/contracts';
import { issueUserToken } from '../../lib/sessions.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { expectFieldError } from '../account/testing.ts';
import { expectStatus } from '../admin-content/testing.ts';
import { ADDRESS, api, customer, ok } from '../orders/testing.ts';

describe('addresses', () => {
  let app: TestApp;
  let cityId = 0;
  beforeAll(async () => {
    app = await buildTestApp();
    cityId = (await makeCity(app.db, { nameAr: 'الدمام', nameEn: 'Dammam' })).id;
  });
  afterAll(() => app.close());

  it('saves, lists, edits and deletes my addresses, in my language', async () => {
    const { token } = await customer(app);
    const saved = ok<AddressItem>(
      await api(app, 'POST', '/addresses', {
        token,
        lang: 'en',
        body: { ...ADDRESS, city_id: String(cityId), label: 'Home', lat: '26.4207', lng: '50.0888', details: 'Gate 2' },
      }),
    );
    expect(saved).toMatchObject({ label: 'Home', city: 'Dammam', building_number: '1234', lat: 26.4207, lng: 50.0888 });
    const list = ok<AddressItem[]>(await api(app, 'GET', '/addresses', { token }));
    expect(list.map((a) => [a.id, a.city])).toEqual([[saved.id, 'الدمام']]);
    const edited = ok<AddressItem>(
      await api(app, 'POST', `/addresses/${saved.id}`, {
        token,
        body: { ...ADDRESS, city_id: cityId, additional_number: '' },
      }),
    );
    expect(edited).toMatchObject({ additional_number: null, lat: null, label: '' });
    ok(await api(app, 'DELETE', `/addresses/${saved.id}`, { token }));
    expect(ok<AddressItem[]>(await api(app, 'GET', '/addresses', { token }))).toEqual([]);
    expectStatus(await api(app, 'GET', `/addresses/${saved.id}`, { token }), 404, 'notFound');
  });

  it('checks the national-address fields in both languages', async () => {
    const { token } = await customer(app);
    const post = (body: object, lang: 'ar' | 'en' = 'ar') =>
      api(app, 'POST', '/addresses', { token, lang, body: { ...ADDRESS, city_id: cityId, ...body } });
    expectFieldError(await post({ building_number: '12a4' }), 'building_number', 'validation.digits_only');
    // An Arabic keyboard's digits are digits: stored as 0-9.
    const arabic = ok<AddressItem>(
      await post({ building_number: '١٢٣٤', postal_code: ' ١٣٥٢١ ', additional_number: '۴۵۶۷' }),
    );
    expect(arabic).toMatchObject({ building_number: '1234', postal_code: '13521', additional_number: '4567' });
    ok(await api(app, 'DELETE', `/addresses/${arabic.id}`, { token }));
    expectFieldError(await post({ building_number: '123' }, 'en'), 'building_number', 'validation.min_digits', 'en', {
      min: 4,
    });
    expectFieldError(await post({ postal_code: '123456' }), 'postal_code', 'validation.max_digits', 'ar', { max: 5 });
    expectFieldError(await post({ additional_number: '12' }), 'additional_number', 'validation.min_digits', 'ar', {
      min: 4,
    });
    expectFieldError(await post({ district: '' }, 'en'), 'district', 'validation.required', 'en');
    expectFieldError(await post({ city_id: 999999 }), 'city_id', 'validation.invalid');
    expectFieldError(await post({ lat: 24.7 }), 'lng', 'validation.required');
    // Cairo is not in the kingdom.
    expectFieldError(await post({ lat: 30.04, lng: 31.23 }, 'en'), 'lat', 'cart.pin_outside', 'en');
    expect(ok<AddressItem[]>(await api(app, 'GET', '/addresses', { token }))).toEqual([]);
  });

  it("answers 404 for another customer's address and refuses guests", async () => {
    const owner = await customer(app);
    const other = await customer(app);
    const { id } = ok<AddressItem>(
      await api(app, 'POST', '/addresses', { token: owner.token, body: { ...ADDRESS, city_id: cityId } }),
    );
    expectStatus(await api(app, 'GET', `/addresses/${id}`, { token: other.token }), 404, 'notFound');
    expectStatus(
      await api(app, 'POST', `/addresses/${id}`, { token: other.token, body: { ...ADDRESS, city_id: cityId } }),
      404,
      'notFound',
    );
    expectStatus(await api(app, 'DELETE', `/addresses/${id}`, { token: other.token }), 404, 'notFound');
    const rows = await app.db.select().from(tables.addresses);
    expect(rows.find((r) => r.id === id)!.deletedAt).toBeNull();
    const guest = await issueUserToken(app.db, null);
    expectStatus(await api(app, 'GET', '/addresses', { token: guest }), 403, 'forbidden');
    expectStatus(await api(app, 'GET', '/addresses'), 401, 'unauthenticated');
  });
});
