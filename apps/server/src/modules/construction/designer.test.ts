/**
 * Pool construction through the API, before the order moves: the designer's
 * catalogue, the estimate (the server's figures, validation in both
 * languages, no 5xx for any shape of body), the request with its snapshot and
 * location, and the dashboard's catalogue and prices with their permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import {
  adminOrderPage,
  type ConstructionCatalogue,
  type ConstructionEstimate,
  type ConstructionPrices,
} from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { adminToken, expectFields, imageForm } from '../admin-content/testing.ts';
import { estimatePool } from './estimate.ts';
import { admin, api, customer, ok, PRICES, constructionWorld, upload, type World } from './testing.ts';

describe('pool construction: the designer and the request', () => {
  let app: TestApp;
  let w: World;
  let token: string;
  beforeAll(async () => {
    app = await buildTestApp();
    w = await constructionWorld(app);
    token = (await customer(app)).token;
  });
  afterAll(() => app.close());

  const estimate = (body: unknown, lang: 'ar' | 'en' = 'ar', t = token) =>
    api(app, 'POST', '/construction/estimate', { token: t, body: body as object, lang });

  describe('the catalogue', () => {
    it('lists the active design types and colours in order, in the reader language, with the extras and limits', async () => {
      const cat = ok<ConstructionCatalogue>(await api(app, 'GET', '/construction/catalogue', { token, lang: 'en' }));
      expect(cat.design_types).toEqual([
        { id: w.kidney.id, shape: 'kidney', name: 'Kidney', image: '/img/k.svg' },
        { id: w.rectangle.id, shape: 'rectangle', name: 'Rectangle', image: '/img/r.svg' },
      ]);
      expect(cat.colours.map((c) => c.name)).toEqual(['White', 'Ocean blue']);
      expect(cat.options.map((o) => o.name)).toEqual(['Steps', 'Lighting', 'Heating', 'Cover']);
      expect(cat.limits).toEqual({
        length: { min: 3, max: 25 },
        width: { min: 2, max: 15 },
        depth: { min: 1, max: 3 },
      });
      const ar = ok<ConstructionCatalogue>(await api(app, 'GET', '/construction/catalogue', { token }));
      expect(ar.design_types[0]!.name).toBe('كلية');
      expect(ar.options[0]!.name).toBe('درج');
    });

    it('is for signed-in customers only', async () => {
      expect((await api(app, 'GET', '/construction/catalogue')).statusCode).toBe(401);
      expect((await estimate(w.design(), 'ar', '')).statusCode).toBe(401);
    });
  });

  describe('the estimate', () => {
    it("answers the server's range with VAT, the area and the volume; the design type, colour and extras move it", async () => {
      const e = ok<ConstructionEstimate>(await estimate(w.design()));
      const expected = estimatePool({
        shape: 'rectangle',
        length: 10,
        width: 5,
        depth: 1.5,
        factor: 100,
        colourExtraM2: 0,
        options: ['steps'],
        prices: PRICES,
        vatBp: 1500,
      });
      expect(e).toEqual({ area_m2: 50, volume_m3: 75, low: expected.low, high: expected.high });
      const kidney = ok<ConstructionEstimate>(await estimate(w.design({ design_type_id: w.kidney.id })));
      expect(kidney.area_m2).toBeLessThan(50);
      const ocean = ok<ConstructionEstimate>(await estimate(w.design({ colour_id: w.ocean.id })));
      expect(ocean.low).toBeGreaterThan(e.low);
      const more = ok<ConstructionEstimate>(await estimate(w.design({ options: ['steps', 'heating'] })));
      expect(more.high).toBeGreaterThan(e.high);
      const text = ok<ConstructionEstimate>(await estimate(w.design({ length: '10.0', width: '5', depth: '1.5' })));
      expect(text).toEqual(e);
    });

    it('follows the dashboard prices at once', async () => {
      const before = ok<ConstructionEstimate>(await estimate(w.design()));
      const body = {
        surface_m2_sar: '500',
        volume_m3_sar: '150',
        options: { steps: '3500', lighting: '4800', heating: '12000', cover: '9500' },
        low_percent: 10,
        high_percent: 15,
      };
      ok(await admin(app, 'PUT', '/construction/prices', w.boss, body));
      const after = ok<ConstructionEstimate>(await estimate(w.design()));
      expect(after.low).toBeGreaterThan(before.low);
      ok(await admin(app, 'PUT', '/construction/prices', w.boss, { ...body, surface_m2_sar: '450' }));
      expect(ok<ConstructionEstimate>(await estimate(w.design()))).toEqual(before);
    });

    it('refuses sizes out of range or with two decimals, per field, in the reader language', async () => {
      const res = await estimate(w.design({ length: 2.5, width: 16, depth: 1.25 }), 'en');
      expectFields(
        res,
        {
          length: ['construction.metres_min', { min: 3 }],
          width: ['construction.metres_max', { max: 15 }],
          depth: 'construction.metres_step',
        },
        'en',
      );
      expect(res.json().data.length).toBe('Must be at least 3 m');
      expectFields(await estimate(w.design({ depth: 3.1 })), { depth: ['construction.metres_max', { max: 3 }] });
      expect((await estimate(w.design({ depth: 3.1 }))).json().data.depth).toBe('يجب ألا يزيد على 3 م');
    });

    it('refuses an unknown or inactive design type or colour, and an unknown extra', async () => {
      expectFields(await estimate(w.design({ design_type_id: w.hidden.id })), {
        design_type_id: 'construction.design_type_unknown',
      });
      expectFields(await estimate(w.design({ design_type_id: 999_999 })), {
        design_type_id: 'construction.design_type_unknown',
      });
      expectFields(
        await estimate(w.design({ colour_id: w.retired.id }), 'en'),
        { colour_id: 'construction.colour_unknown' },
        'en',
      );
      expect((await estimate(w.design({ options: ['jacuzzi'] }))).statusCode).toBe(422);
    });

    it('answers every malformed body with a 4xx, never a 5xx', async () => {
      const bodies: unknown[] = [
        null,
        [],
        'pool',
        42,
        {},
        w.design({ length: null }),
        w.design({ length: { a: 1 } }),
        w.design({ length: Number.MAX_VALUE }),
        w.design({ length: 'NaN' }),
        w.design({ design_type_id: 'x' }),
        w.design({ design_type_id: 2 ** 40 }),
        w.design({ colour_id: -1 }),
        w.design({ options: 'steps' }),
        w.design({ options: [1, 2] }),
        w.design({ options: Array(50).fill('steps') }),
      ];
      for (const body of bodies) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/user/construction/estimate',
          headers: { authorization: `Bearer ${token}`, lang: 'ar', 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, `${JSON.stringify(body)?.slice(0, 60)}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, JSON.stringify(body)?.slice(0, 60)).toBeLessThan(500);
      }
    });
  });

  describe('the request', () => {
    it('creates a new order (C number, total 0) with the design, the estimate then and the snapshot; the admins are told once', async () => {
      const c = await customer(app);
      const body = await w.requestBody(c.token, { options: ['steps', 'cover', 'steps'], images: [] });
      const res = await api(app, 'POST', '/construction', { token: c.token, body, lang: 'en' });
      const created = ok<{ id: number; number: string; status: string }>(res);
      expect(res.json().msg).toBe('Your pool construction request was sent');
      expect(created.number).toMatch(/^C\d{4}-\d{5}$/);
      expect(created.status).toBe('new');
      const quoted = ok<ConstructionEstimate>(await estimate(w.design({ options: ['steps', 'cover'] })));
      const d = await w.detail(c.token, created.id, 'en');
      expect(d).toMatchObject({
        kind: 'pool_construction',
        status: 'new',
        tab: 'new',
        total: 0,
        design_type: 'Rectangle',
        length: 10,
        width: 5,
        depth: 1.5,
        city: 'Riyadh',
        offer: null,
        staff: null,
        stages: [],
        rating: null,
        estimate: { low: quoted.low, high: quoted.high },
        notes: 'الفناء الخلفي بجانب الحديقة',
        can_cancel: true,
        can_accept: false,
        can_pay: false,
        can_rate: false,
        can_chat: true,
      });
      expect(d.design).toMatchObject({
        area_m2: 50,
        volume_m3: 75,
        design_type: { id: w.rectangle.id, shape: 'rectangle', name: 'Rectangle' },
        colour: { id: w.white.id, name: 'White', hex: '#eef5f8' },
        options: [
          { key: 'steps', name: 'Steps' },
          { key: 'cover', name: 'Cover' },
        ],
        snapshot: body.snapshot,
      });
      expect(d.design.snapshot).toMatch(/^\/uploads\/construction\/[0-9a-f]{32}\.png$/);
      expect(d.location).toMatchObject({ type: 'pin', lat: 24.7136, lng: 46.6753 });
      expect(d.events.map((e) => e.status)).toEqual(['new']);
      const told = await w.adminNotes(created.id, 'new_pool_construction_order');
      expect(told.length).toBeGreaterThan(0);
      expect(new Set(told.map((n) => n.adminId)).size).toBe(told.length);
      expect(told[0]!.link).toBe(adminOrderPage('pool_construction', created.id));
    });

    it('keeps the estimate of the request when the prices change later', async () => {
      const c = await customer(app);
      const { id } = await w.request(c.token);
      const before = (await w.detail(c.token, id)).estimate;
      await app.db
        .update(tables.settings)
        .set({ value: { ...PRICES, surface_m2: 90_000 } })
        .where(eq(tables.settings.key, 'construction_prices'));
      expect((await w.detail(c.token, id)).estimate).toEqual(before);
      await app.db.update(tables.settings).set({ value: PRICES }).where(eq(tables.settings.key, 'construction_prices'));
    });

    it('refuses a snapshot or picture not uploaded here, no location, too many pictures, and the designer rules', async () => {
      const c = await customer(app);
      const body = await w.requestBody(c.token);
      const post = (o: Record<string, unknown>) =>
        api(app, 'POST', '/construction', { token: c.token, body: { ...body, ...o } });
      expectFields(await post({ snapshot: 'https://evil.example/x.png' }), { snapshot: 'maintenance.image_invalid' });
      expectFields(await post({ images: ['/uploads/maintenance/0123456789abcdef0123456789abcdef.png'] }), {
        images: 'maintenance.image_invalid',
      });
      expectFields(await post({ snapshot: '' }), { snapshot: 'validation.required' });
      expectFields(await post({ lat: undefined, lng: undefined, city_id: undefined }), {
        address_id: 'maintenance.location_required',
      });
      expect((await post({ images: Array(7).fill(body.snapshot) })).statusCode).toBe(422);
      expectFields(await post({ colour_id: w.retired.id }), { colour_id: 'construction.colour_unknown' });
      expectFields(await post({ width: 1.9 }), { width: ['construction.metres_min', { min: 2 }] });
      // Nothing was written by any refused request.
      const n = await app.db.select().from(tables.orders).where(eq(tables.orders.userId, c.user.id));
      expect(n).toHaveLength(0);
    });

    it('uploads pictures by `file` or `image` for customers only; stage photos for staff only', async () => {
      const c = await customer(app);
      expect(ok<{ url: string }>(await upload(app, '/api/user/construction-images', c.token, 'image')).url).toMatch(
        /^\/uploads\/construction\//,
      );
      expect((await upload(app, '/api/user/construction-images', w.engineer.token)).statusCode).toBe(401);
      expect(ok<{ url: string }>(await upload(app, '/api/staff/construction-photos', w.engineer.token)).url).toMatch(
        /^\/uploads\/construction-stages\//,
      );
      expect((await upload(app, '/api/staff/construction-photos', c.token)).statusCode).toBe(401);
    });

    it('shows in all my orders with its design type, its picture and its page path', async () => {
      const c = await customer(app);
      const { id, number } = await w.request(c.token);
      const list = ok<{ data: { id: number; kind: string; number: string; path: string }[] }>(
        await api(app, 'GET', '/orders', { token: c.token, lang: 'en' }),
      );
      const snapshot = (await w.detail(c.token, id)).design.snapshot;
      expect(list.data).toContainEqual({
        id,
        kind: 'pool_construction',
        number,
        status: 'new',
        tab: 'new',
        created_at: expect.any(String),
        total: 0,
        title: 'Rectangle',
        image: snapshot,
        path: `/orders/pool_construction/${id}`,
      });
      const mine = ok<{ data: { id: number }[] }>(
        await api(app, 'GET', '/construction-orders', { token: c.token, query: { tab: 'new' } }),
      );
      expect(mine.data.map((o) => o.id)).toEqual([id]);
      const other = await customer(app);
      expect((await api(app, 'GET', `/construction-orders/${id}`, { token: other.token })).statusCode).toBe(404);
    });
  });

  describe('the dashboard catalogue and prices', () => {
    it('creates a design type with its picture (required) and a colour (hex checked); the designer shows them', async () => {
      const form = await imageForm({
        shape: 'free_form',
        name_ar: 'شكل حر',
        name_en: 'Free form',
        price_factor: '135',
        sort: '3',
      });
      const created = ok<{ id: number; image: string; price_factor: number }>(
        await app.inject({
          method: 'POST',
          url: '/api/admin/construction/design-types',
          headers: { authorization: `Bearer ${w.boss}`, lang: 'ar', ...form.headers },
          payload: form.payload,
        }),
      );
      expect(created.image).toMatch(/^\/uploads\/construction-designs\//);
      expect(created.price_factor).toBe(135);
      const noImage = await imageForm({ shape: 'rounded', name_ar: 'دائري', name_en: 'Rounded' }, false);
      expectFields(
        await app.inject({
          method: 'POST',
          url: '/api/admin/construction/design-types',
          headers: { authorization: `Bearer ${w.boss}`, lang: 'ar', ...noImage.headers },
          payload: noImage.payload,
        }),
        { image: 'validation.required' },
      );
      const colour = (fields: Record<string, string>) =>
        imageForm(fields, false).then((f) =>
          app.inject({
            method: 'POST',
            url: '/api/admin/construction/colours',
            headers: { authorization: `Bearer ${w.boss}`, lang: 'ar', ...f.headers },
            payload: f.payload,
          }),
        );
      expectFields(await colour({ name_ar: 'أخضر', name_en: 'Green', hex: 'green' }), {
        hex: 'construction.hex_invalid',
      });
      const green = ok<{ hex: string; extra_m2: number }>(
        await colour({ name_ar: 'أخضر', name_en: 'Green', hex: '#2E8B57', extra_sar: '15.5' }),
      );
      expect(green).toMatchObject({ hex: '#2e8b57', extra_m2: 1_550 });
      const cat = ok<ConstructionCatalogue>(await api(app, 'GET', '/construction/catalogue', { token, lang: 'en' }));
      expect(cat.design_types.map((d) => d.name)).toContain('Free form');
      expect(cat.colours.map((c) => c.name)).toContain('Green');
    });

    it('refuses to delete a design type or colour an order uses (409), deletes an unused one', async () => {
      const c = await customer(app);
      await w.request(c.token, { design_type_id: w.kidney.id, colour_id: w.ocean.id });
      const del = (path: string) =>
        app.inject({
          method: 'DELETE',
          url: `/api/admin${path}`,
          headers: { authorization: `Bearer ${w.boss}`, lang: 'ar' },
        });
      const inUse = await del(`/construction/design-types/${w.kidney.id}`);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json().msg).toBe('نوع التصميم هذا مستخدم في طلبات؛ اجعله غير نشط بدلًا من حذفه');
      expect((await del(`/construction/colours/${w.ocean.id}`)).statusCode).toBe(409);
      expect((await del(`/construction/colours/${w.retired.id}`)).statusCode).toBe(200);
    });

    it('reads and validates the prices (riyals in, halalas out, with the VAT rate)', async () => {
      const prices = ok<ConstructionPrices>(await admin(app, 'GET', '/construction/prices', w.boss));
      expect(prices).toEqual({ ...PRICES, vat_rate: 15 });
      const bad = await admin(app, 'PUT', '/construction/prices', w.boss, {
        surface_m2_sar: '4.555',
        volume_m3_sar: '-1',
        options: { steps: '1' },
        low_percent: 95,
        high_percent: 15,
      });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().data)).toEqual(
        expect.arrayContaining(['surface_m2_sar', 'volume_m3_sar', 'options.lighting', 'low_percent']),
      );
      expect(ok<ConstructionPrices>(await admin(app, 'GET', '/construction/prices', w.boss))).toEqual({
        ...PRICES,
        vat_rate: 15,
      });
    });

    it('needs the construction permissions: view to read, edit to change; orders permissions do not do', async () => {
      const viewer = await adminToken(app, ['construction.view']);
      const orders = await adminToken(app, ['orders.view', 'orders.edit']);
      expect((await admin(app, 'GET', '/construction/prices', viewer)).statusCode).toBe(200);
      expect((await admin(app, 'GET', '/construction/design-types', viewer)).statusCode).toBe(200);
      expect((await admin(app, 'PUT', '/construction/prices', viewer, { surface_m2_sar: '1' })).statusCode).toBe(403);
      expect((await admin(app, 'GET', '/construction/colours', orders)).statusCode).toBe(403);
      expect((await admin(app, 'GET', '/construction/prices', orders)).statusCode).toBe(403);
      expect((await admin(app, 'GET', '/construction/prices', w.engineer.token)).statusCode).toBe(401);
    });
  });
});
