/**
 * Spare parts and extra services: the dashboard's catalogue under the
 * `service_items.*` permissions (list with filters, add, edit, activate,
 * deactivate, soft delete; bilingual field errors), and the pickers' active
 * items for the offer editor (`orders.edit` or `service_items.view`) and for
 * signed-in staff.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeSetting, makeStaff, seedServices, tables } from '@pool/db';
import type { ServiceItem, ServiceItemOption } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { adminCall, adminToken, expectFields, expectOk, expectStatus } from '../admin-content/testing.ts';
import { customer } from '../orders/testing.ts';
import { issueStaffToken } from '../staff/sessions.ts';

type List = { data: ServiceItem[]; pagination: { total_items: number }; vat_rate: number };

describe('spare parts and extra services', () => {
  let app: TestApp;
  let boss = '';
  let staffToken = '';
  let seq = 0;

  beforeAll(async () => {
    app = await buildTestApp();
    boss = await adminToken(app);
    staffToken = await issueStaffToken(app.db, (await makeStaff(app.db)).id, 'web');
  });
  afterAll(() => app.close());

  /** A unique pair of names (the catalogue refuses a repeated name within a kind). */
  const names = (ar: string, en: string) => ({ name_ar: `${ar} ${++seq}`, name_en: `${en} ${seq}` });

  async function add(body: Record<string, unknown>, token = boss) {
    return expectOk<ServiceItem>(
      await adminCall(app, 'POST', '/service-items', { token, body: { is_active: true, ...body } }),
      'cms.created',
    );
  }

  const staffList = (token: string | undefined, query: Record<string, string> = {}, lang: 'ar' | 'en' = 'ar') =>
    app.inject({
      method: 'GET',
      url: '/api/staff/service-items',
      query,
      headers: { lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it('adds an item: riyals as typed become halalas, with the VAT-inclusive price at the current rate', async () => {
    const item = await add({ kind: 'spare_part', ...names('مانع تسرب المضخة', 'Pump seal'), price_sar: '120.50' });
    expect(item).toMatchObject({ kind: 'spare_part', price: 12_050, price_with_vat: 13_858, is_active: true });
    expect(item.name_ar).toMatch(/^مانع تسرب المضخة/);
    const [row] = await app.db.select().from(tables.serviceItems).where(eq(tables.serviceItems.id, item.id));
    expect(row).toMatchObject({ price: 12_050, kind: 'spare_part', deletedAt: null });

    // A number is taken as riyals too, and whole riyals need no decimals.
    const whole = await add({ kind: 'extra_service', ...names('غسيل الفلتر', 'Filter backwash'), price_sar: 80 });
    expect(whole).toMatchObject({ price: 8_000, price_with_vat: 9_200 });

    const one = expectOk<ServiceItem>(await adminCall(app, 'GET', `/service-items/${item.id}`, { token: boss }));
    expect(one).toEqual(item);
  });

  it('refuses bad input field by field, in Arabic and in English, and changes nothing', async () => {
    const before = await app.db.select().from(tables.serviceItems);
    for (const lang of ['ar', 'en'] as const) {
      expectFields(
        await adminCall(app, 'POST', '/service-items', { token: boss, lang, body: {} }),
        {
          kind: 'validation.required',
          name_ar: 'validation.required',
          name_en: 'validation.required',
          price_sar: 'validation.required',
        },
        lang,
      );
      expectFields(
        await adminCall(app, 'POST', '/service-items', {
          token: boss,
          lang,
          body: { kind: 'tool', name_ar: ' ', name_en: 'x'.repeat(151), price_sar: '12.345', is_active: 'maybe' },
        }),
        {
          kind: 'validation.invalid',
          name_ar: 'validation.required',
          name_en: ['validation.max_chars', { max: 150 }],
          price_sar: 'validation.money_sar',
          is_active: 'validation.invalid',
        },
        lang,
      );
      for (const price_sar of ['-5', '1,5', 'abc', '١٢', true])
        expectFields(
          await adminCall(app, 'POST', '/service-items', {
            token: boss,
            lang,
            body: { kind: 'spare_part', ...names('صمام', 'Valve'), price_sar },
          }),
          { price_sar: typeof price_sar === 'string' ? 'validation.money_sar' : 'validation.invalid' },
          lang,
        );
      expectFields(
        await adminCall(app, 'POST', '/service-items', {
          token: boss,
          lang,
          body: { kind: 'spare_part', ...names('صمام', 'Valve'), price_sar: '10000000.01' },
        }),
        { price_sar: 'validation.money_max' },
        lang,
      );
    }
    expect(await app.db.select().from(tables.serviceItems)).toEqual(before);
  });

  it('refuses a name another live item of the same kind has (any case), but not across kinds or after a delete', async () => {
    const first = await add({ kind: 'spare_part', name_ar: 'مقياس الضغط', name_en: 'Pressure Gauge', price_sar: '95' });
    for (const lang of ['ar', 'en'] as const) {
      expectFields(
        await adminCall(app, 'POST', '/service-items', {
          token: boss,
          lang,
          body: { kind: 'spare_part', name_ar: 'مقياس آخر', name_en: 'pressure gauge', price_sar: '90' },
        }),
        { name_en: 'catalogue.service_item_name_taken' },
        lang,
      );
    }
    // An extra service may share the name; editing the item itself keeps its own name.
    await add({ kind: 'extra_service', name_ar: 'مقياس الضغط', name_en: 'Pressure Gauge', price_sar: '50' });
    expectOk(
      await adminCall(app, 'POST', `/service-items/${first.id}`, {
        token: boss,
        body: { kind: 'spare_part', name_ar: 'مقياس الضغط', name_en: 'Pressure Gauge', price_sar: '99.90' },
      }),
      'cms.saved',
    );
    expectOk(await adminCall(app, 'DELETE', `/service-items/${first.id}`, { token: boss }), 'cms.deleted');
    await add({ kind: 'spare_part', name_ar: 'مقياس الضغط', name_en: 'Pressure Gauge', price_sar: '99.90' });
  });

  it('edits, deactivates, activates and soft-deletes; a deleted item answers 404 everywhere', async () => {
    const item = await add({ kind: 'spare_part', ...names('سلة الكاشط', 'Skimmer basket'), price_sar: '45' });
    const edited = expectOk<ServiceItem>(
      await adminCall(app, 'POST', `/service-items/${item.id}`, {
        token: boss,
        body: {
          kind: 'spare_part',
          name_ar: item.name_ar,
          name_en: item.name_en,
          price_sar: '49.99',
          is_active: false,
        },
      }),
      'cms.saved',
    );
    expect(edited).toMatchObject({ id: item.id, price: 4_999, price_with_vat: 5_749, is_active: false });

    const on = expectOk<ServiceItem>(
      await adminCall(app, 'POST', `/service-items/${item.id}/activate`, { token: boss }),
      'catalogue.service_item_activated',
    );
    expect(on.is_active).toBe(true);
    const off = expectOk<ServiceItem>(
      await adminCall(app, 'POST', `/service-items/${item.id}/deactivate`, { token: boss, lang: 'en' }),
      'catalogue.service_item_deactivated',
      'en',
    );
    expect(off.is_active).toBe(false);

    expectOk(await adminCall(app, 'DELETE', `/service-items/${item.id}`, { token: boss }), 'cms.deleted');
    const [row] = await app.db.select().from(tables.serviceItems).where(eq(tables.serviceItems.id, item.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const body = { kind: 'spare_part', name_ar: 'اسم', name_en: 'Name', price_sar: '1' };
    for (const [method, path, o] of [
      ['GET', `/service-items/${item.id}`, {}],
      ['POST', `/service-items/${item.id}`, { body }],
      ['POST', `/service-items/${item.id}/activate`, {}],
      ['DELETE', `/service-items/${item.id}`, {}],
      ['GET', '/service-items/999999', {}],
    ] as const)
      expectStatus(await adminCall(app, method, path, { token: boss, ...o }), 404, 'notFound');
    const listed = expectOk<List>(await adminCall(app, 'GET', '/service-items', { token: boss }));
    expect(listed.data.map((i) => i.id)).not.toContain(item.id);
  });

  it('lists with kind, status and search filters, paginated, with the VAT rate', async () => {
    await makeSetting(app.db, 'vat_rate', 15);
    const tag = `فلتر-${Date.now()}`;
    const sand = await add({ kind: 'spare_part', name_ar: `رمل ${tag}`, name_en: 'Filter sand 25kg', price_sar: '60' });
    const wash = await add({
      kind: 'extra_service',
      name_ar: `تنظيف ${tag}`,
      name_en: 'Cartridge clean',
      price_sar: '150',
      is_active: false,
    });
    const found = expectOk<List>(await adminCall(app, 'GET', '/service-items', { token: boss, query: { q: tag } }));
    expect(found.vat_rate).toBe(15);
    expect(found.data.map((i) => i.id).sort()).toEqual([sand.id, wash.id].sort());
    const ids = async (query: Record<string, string>) =>
      expectOk<List>(await adminCall(app, 'GET', '/service-items', { token: boss, query })).data.map((i) => i.id);
    expect(await ids({ q: tag, kind: 'spare_part' })).toEqual([sand.id]);
    expect(await ids({ q: tag, kind: 'extra_service' })).toEqual([wash.id]);
    expect(await ids({ q: tag, status: 'inactive' })).toEqual([wash.id]);
    expect(await ids({ q: tag, status: 'active' })).toEqual([sand.id]);
    expect(await ids({ q: 'FILTER SAND 25' })).toEqual([sand.id]);
    // `%` and `_` typed in the box match themselves.
    expect(await ids({ q: '%' })).toEqual([]);
    // Blank filters are no filters; bad ones are field errors.
    expect((await ids({ q: tag, kind: '', status: '' })).length).toBe(2);
    expectFields(await adminCall(app, 'GET', '/service-items', { token: boss, query: { kind: 'x', status: 'y' } }), {
      kind: 'validation.invalid',
      status: 'validation.invalid',
    });

    for (let i = 0; i < 16; i++) await add({ kind: 'spare_part', ...names(`قطعة ${tag}`, 'Part'), price_sar: '1' });
    const page1 = expectOk<List>(await adminCall(app, 'GET', '/service-items', { token: boss, query: { q: tag } }));
    const page2 = expectOk<List>(
      await adminCall(app, 'GET', '/service-items', { token: boss, query: { q: tag, page: '2' } }),
    );
    expect(page1.pagination.total_items).toBe(18);
    expect(page1.data.length + page2.data.length).toBe(18);
    expect(new Set([...page1.data, ...page2.data].map((i) => i.id)).size).toBe(18);
  });

  it('offers only active, live items to the pickers, named in the request language', async () => {
    await makeSetting(app.db, 'vat_rate', 15);
    const light = await add({ kind: 'spare_part', ...names('إضاءة LED للمسبح', 'LED pool light'), price_sar: '350' });
    const leak = await add({ kind: 'extra_service', ...names('كشف التسربات', 'Leak detection'), price_sar: '400' });
    const off = await add({
      kind: 'spare_part',
      ...names('كلورينيتر', 'Chlorinator'),
      price_sar: '900',
      is_active: false,
    });
    const gone = await add({ kind: 'extra_service', ...names('غسيل حمضي', 'Acid wash'), price_sar: '700' });
    expectOk(await adminCall(app, 'DELETE', `/service-items/${gone.id}`, { token: boss }), 'cms.deleted');

    const editor = await adminToken(app, ['orders.edit']);
    const viewer = await adminToken(app, ['service_items.view']);
    for (const token of [boss, editor, viewer]) {
      const parts = expectOk<ServiceItemOption[]>(
        await adminCall(app, 'GET', '/service-items/options', { token, query: { kind: 'spare_part' }, lang: 'en' }),
        'server.success',
        'en',
      );
      expect(parts.every((o) => o.kind === 'spare_part')).toBe(true);
      expect(parts.find((o) => o.id === light.id)).toEqual({
        id: light.id,
        kind: 'spare_part',
        name: light.name_en,
        name_ar: light.name_ar,
        name_en: light.name_en,
        price: 35_000,
        price_with_vat: 40_250,
      });
      expect(parts.map((o) => o.id)).not.toContain(off.id);
    }
    const both = expectOk<ServiceItemOption[]>(
      await adminCall(app, 'GET', '/service-items/options', { token: editor }),
    );
    const ids = both.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([light.id, leak.id]));
    expect(ids).not.toContain(off.id);
    expect(ids).not.toContain(gone.id);
    expect(both.find((o) => o.id === leak.id)?.name).toBe(leak.name_ar);

    // The staff's list: the same items, Arabic or English names.
    const staffServices = expectOk<ServiceItemOption[]>(
      await staffList(staffToken, { kind: 'extra_service' }, 'en'),
      'server.success',
      'en',
    );
    expect(staffServices.map((o) => o.id)).toContain(leak.id);
    expect(staffServices.map((o) => o.id)).not.toContain(gone.id);
    expect(staffServices.every((o) => o.kind === 'extra_service')).toBe(true);
    expect(staffServices.find((o) => o.id === leak.id)?.name).toBe(leak.name_en);
    const staffAll = expectOk<ServiceItemOption[]>(await staffList(staffToken));
    expect(staffAll.map((o) => o.id)).toEqual(expect.arrayContaining([light.id, leak.id]));
    expect(staffAll.map((o) => o.id)).not.toContain(off.id);

    // Activated again, it is offered again.
    expectOk(
      await adminCall(app, 'POST', `/service-items/${off.id}/activate`, { token: boss }),
      'catalogue.service_item_activated',
    );
    expect(expectOk<ServiceItemOption[]>(await staffList(staffToken)).map((o) => o.id)).toContain(off.id);
    expectFields(await staffList(staffToken, { kind: 'tool' }), { kind: 'validation.invalid' });
  });

  it('enforces the permissions: 401 signed out or with a customer or staff token, 403 without the permission', async () => {
    const item = await add({ kind: 'spare_part', ...names('مضخة', 'Pump'), price_sar: '1000' });
    const body = { kind: 'extra_service', name_ar: 'تركيب مضخة', name_en: 'Pump fitting', price_sar: '1' };
    const edit = { kind: 'spare_part', name_ar: item.name_ar, name_en: item.name_en, price_sar: '2' };
    const routes = [
      ['GET', '/service-items', 'service_items.view', undefined],
      ['GET', `/service-items/${item.id}`, 'service_items.view', undefined],
      ['POST', '/service-items', 'service_items.create', body],
      ['POST', `/service-items/${item.id}`, 'service_items.edit', edit],
      ['POST', `/service-items/${item.id}/deactivate`, 'service_items.edit', undefined],
      ['POST', `/service-items/${item.id}/activate`, 'service_items.edit', undefined],
      ['DELETE', `/service-items/${item.id}`, 'service_items.delete', undefined],
    ] as const;
    const { token: customerToken } = await customer(app);
    const others = await adminToken(app, ['orders.view', 'service_items.view']);
    for (const [method, path, permission, payload] of routes) {
      for (const token of [undefined, customerToken, staffToken])
        expectStatus(await adminCall(app, method, path, { token, body: payload }), 401, 'unauthenticated');
      const without = await adminToken(app, ['orders.edit', 'coupons.view']);
      expectStatus(await adminCall(app, method, path, { token: without, body: payload }), 403, 'forbidden');
      if (permission !== 'service_items.view')
        expectStatus(await adminCall(app, method, path, { token: others, body: payload }), 403, 'forbidden');
    }
    // Refused writes changed nothing.
    const [row] = await app.db.select().from(tables.serviceItems).where(eq(tables.serviceItems.id, item.id));
    expect(row).toMatchObject({ nameEn: item.name_en, isActive: true, deletedAt: null });

    // Each permission alone opens its own route.
    for (const [method, path, permission, payload] of routes) {
      const token = await adminToken(app, [permission]);
      expect((await adminCall(app, method, path, { token, body: payload })).statusCode).toBe(200);
    }

    // The offer editor's list: orders.edit or service_items.view; nothing else.
    const options = (token?: string) => adminCall(app, 'GET', '/service-items/options', { token });
    expectStatus(await options(), 401, 'unauthenticated');
    expectStatus(await options(staffToken), 401, 'unauthenticated');
    expectStatus(await options(await adminToken(app, ['orders.view', 'service_items.create'])), 403, 'forbidden');

    // The staff's list: a staff token only.
    expectStatus(await staffList(undefined), 401, 'unauthenticated');
    expectStatus(await staffList(customerToken), 401, 'unauthenticated');
    expectStatus(await staffList(boss), 401, 'unauthenticated');
  });

  it('loads the demo items once, into an empty table only, and the pickers offer the active ones', async () => {
    expect(await seedServices(app.db)).toBe(false);
    await app.db.delete(tables.serviceItems);
    expect(await seedServices(app.db)).toBe(true);
    expect(await seedServices(app.db)).toBe(false);
    const rows = await app.db.select().from(tables.serviceItems);
    expect(rows.length).toBe(15);
    expect(rows.every((r) => r.nameAr && r.nameEn && r.price > 0)).toBe(true);
    const parts = expectOk<ServiceItemOption[]>(await staffList(staffToken, { kind: 'spare_part' }));
    expect(parts.map((o) => o.name_en)).toContain('Pump mechanical seal');
    expect(parts.map((o) => o.name_en)).not.toContain('Pump motor 1.5 HP');
    const services = expectOk<ServiceItemOption[]>(await staffList(staffToken, { kind: 'extra_service' }));
    expect(services.map((o) => o.name_en)).toEqual(expect.arrayContaining(['Filter backwash', 'Leak detection']));
  });
});
