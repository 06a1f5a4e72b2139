/**
 * Public reads kept in memory (ADR 0024): an anonymous answer is made once and then served from
 * memory (shown by a change the database does not announce: it stays unseen), with an ETag that
 * answers 304; every announced change empties the caches of every server on the database within a
 * moment (two apps on one PostgreSQL, as two processes), and of PGlite's single process; an admin's
 * change through the API is seen by the next request at once; signed-in answers are never kept.
 */
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDatabase, makeAdmin, makeCountry, makeUser, tables, type Database } from '@pool/db';
import { createTestDatabase } from '@pool/db/testing';
import type { App } from '../app.ts';
import { REPLICA_SETTLE_MS } from './public-cache.ts';
import { issueAdminToken, issueUserToken } from '../lib/sessions.ts';
import { buildAppOver, buildTestApp, type TestApp } from '../testing/app.ts';
import { until } from '../testing/until.ts';

const countries = (app: App, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/user/countries', headers });
const names = async (app: App, headers: Record<string, string> = {}) =>
  ((await countries(app, headers)).json().data as { name: string }[]).map((c) => c.name);

/** Makes `change` and waits until `app` has heard of it (its caches were emptied). */
async function announced<T>(app: App, change: () => Promise<T>): Promise<T> {
  const before = app.publicCache.generation();
  const result = await change();
  await until(async () => app.publicCache.generation() > before, 2000);
  return result;
}

/** Renames a country without announcing it (triggers off for this transaction only). */
async function renameQuietly(app: App, id: number, nameAr: string) {
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update countries set name_ar = ${nameAr} where id = ${id}`);
  });
}

describe('the public cache on one server', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ config: { PUBLIC_CACHE: 'true' } });
  });
  afterAll(() => app.close());

  it('serves an anonymous answer from memory until a change is announced', async () => {
    const sa = await announced(app, () => makeCountry(app.db, { nameAr: 'السعودية' }));
    expect(await names(app)).toEqual(['السعودية']);
    await renameQuietly(app, sa.id, 'اسم لم يعلن');
    expect(await names(app)).toEqual(['السعودية']);
    // The same data announced: every cached answer is dropped.
    await app.db
      .update(tables.countries)
      .set({ sort: 5 })
      .where(sql`id = ${sa.id}`);
    await until(async () => (await names(app))[0] === 'اسم لم يعلن', 2000);
  });

  it('answers `Cache-Control: no-cache` afresh and keeps that answer for the next callers', async () => {
    const [row] = await app.db.select().from(tables.countries).limit(1);
    expect(await names(app)).toContain(row!.nameAr);
    await renameQuietly(app, row!.id, 'اسم جديد لم يسمع به');
    // Still the kept (stale) answer, until someone asks afresh: then everyone gets the fresh one.
    expect(await names(app)).toContain(row!.nameAr);
    expect(await names(app, { 'cache-control': 'no-cache' })).toContain('اسم جديد لم يسمع به');
    expect(await names(app)).toContain('اسم جديد لم يسمع به');
  });

  it('keeps each language apart, with an ETag that answers 304, Cache-Control and the vary list', async () => {
    const ar = await countries(app);
    const en = await countries(app, { lang: 'en' });
    expect(ar.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(en.headers.etag).not.toBe(ar.headers.etag);
    expect(ar.headers['cache-control']).toBe('public, max-age=300');
    expect(ar.headers.vary).toContain('lang');
    const again = await countries(app, { 'if-none-match': String(ar.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Made afresh after a change that left the answer as it was: still 304.
    await announced(app, () => app.db.execute(sql`update countries set sort = sort`));
    expect((await countries(app, { 'if-none-match': String(ar.headers.etag) })).statusCode).toBe(304);
    const other = await countries(app, { 'if-none-match': String(en.headers.etag) });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual(ar.json());
  });

  it('sends a large kept answer compressed, the same bytes each time', async () => {
    for (let i = 0; i < 30; i++) {
      const iso = String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26));
      await makeCountry(app.db, { key: String(900 + i), iso, nameAr: `بلد رقم ${i}`, nameEn: `Land ${i}` });
    }
    const fresh = async () => {
      await until(async () => (await names(app)).length === 31, 2000);
      return countries(app, { 'accept-encoding': 'gzip' });
    };
    const first = await fresh();
    const second = await countries(app, { 'accept-encoding': 'gzip' });
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(second.rawPayload).toString()).data).toHaveLength(31);
    expect(second.rawPayload.equals((await countries(app, { 'accept-encoding': 'gzip' })).rawPayload)).toBe(true);
    expect(first.headers.etag).toBe(second.headers.etag);
  });

  it('sends Brotli at a quick quality first, then at the best one once the pool has made it', async () => {
    const br = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    // A fresh entry (the first answer keeps it): its forms are made on the next demand.
    await announced(app, () => app.db.execute(sql`update countries set sort = sort`));
    await countries(app, br);
    const first = await countries(app, br);
    expect(first.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(first.rawPayload);
    expect(JSON.parse(body.toString()).data.length).toBeGreaterThan(30);
    const best = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } });
    expect(best.length).toBeLessThan(first.rawPayload.length);
    await until(async () => (await countries(app, br)).rawPayload.equals(best), 2000);
    expect(brotliDecompressSync((await countries(app, br)).rawPayload).equals(body)).toBe(true);
  });

  it('never keeps a signed-in answer, nor serves the kept one to a signed-in caller', async () => {
    const user = await makeUser(app.db);
    const token = await issueUserToken(app.db, user.id);
    const [first] = await names(app);
    const [row] = await app.db.select().from(tables.countries).limit(1);
    await renameQuietly(app, row!.id, 'يراه المسجل فقط');
    const signedIn = await countries(app, { authorization: `Bearer ${token}` });
    expect(signedIn.headers['cache-control']).toBeUndefined();
    expect(signedIn.headers.etag).toBeUndefined();
    expect(signedIn.json().data.map((c: { name: string }) => c.name)).toContain('يراه المسجل فقط');
    expect((await names(app))[0]).toBe(first);
  });

  it("shows an admin's change made through the API to the very next request", async () => {
    const admin = await makeAdmin(app.db, { isSuper: true, passwordHash: 'not-used' });
    const token = await issueAdminToken(app.db, admin.id);
    const before = await app.inject({ method: 'GET', url: '/api/user/store/brands' });
    expect(before.json().data).toEqual([]);
    const made = await app.inject({
      method: 'POST',
      url: '/api/admin/brands',
      headers: { authorization: `Bearer ${token}` },
      payload: { name_ar: 'هايوارد', name_en: 'Hayward', active: true },
    });
    expect(made.json().key).toBe('success');
    const after = await app.inject({ method: 'GET', url: '/api/user/store/brands' });
    expect(after.json().data.map((c: { name: string }) => c.name)).toEqual(['هايوارد']);
  });
});

describe('the public cache across servers on one PostgreSQL', () => {
  const apps: App[] = [];
  const databases: Database[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases.reverse()) await database.close();
  });

  it('empties every server when one of them (or anything) changes public data', async () => {
    const shared = await createTestDatabase();
    databases.push(shared, createDatabase({ url: shared.url, poolSize: 4 }));
    for (const database of databases) apps.push(await buildAppOver(database));
    const [a, b] = apps as [App, App];
    const country = await announced(b, () => makeCountry(a.db, { nameAr: 'قبل' }));
    expect(await names(b)).toEqual(['قبل']);
    await renameQuietly(a, country.id, 'بعد');
    expect(await names(b)).toEqual(['قبل']);
    const changed = Date.now();
    await a.db
      .update(tables.countries)
      .set({ sort: 2 })
      .where(sql`id = ${country.id}`);
    await until(async () => (await names(b))[0] === 'بعد', 1000);
    expect(Date.now() - changed).toBeLessThan(1000);
  });
});

describe('the public cache on PGlite (the single process of `npm start`)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ engine: 'pglite', config: { PUBLIC_CACHE: 'true' } });
  });
  afterAll(() => app.close());

  it('hears of changes from its own database', async () => {
    const country = await announced(app, () => makeCountry(app.db, { nameAr: 'قبل' }));
    expect(await names(app)).toEqual(['قبل']);
    await renameQuietly(app, country.id, 'بعد');
    expect(await names(app)).toEqual(['قبل']);
    await announced(app, () =>
      app.db
        .update(tables.countries)
        .set({ sort: 3 })
        .where(sql`id = ${country.id}`),
    );
    expect(await names(app)).toEqual(['بعد']);
  });
});

describe('the public cache with a read replica (DATABASE_READ_URL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({
      config: { PUBLIC_CACHE: 'true' },
      readDatabase: async (url) => createDatabase({ url, poolSize: 2 }),
    });
  });
  afterAll(() => app.close());

  it('keeps an answer read just after a change only a moment (the replica may be behind)', async () => {
    const country = await announced(app, () => makeCountry(app.db, { nameAr: 'قبل' }));
    expect(await names(app)).toEqual(['قبل']);
    await renameQuietly(app, country.id, 'بعد');
    // Read within the settling time: served from memory for that long only, then read again.
    expect(await names(app)).toEqual(['قبل']);
    await new Promise((r) => setTimeout(r, REPLICA_SETTLE_MS + 100));
    expect(await names(app)).toEqual(['بعد']);
    // Long after the change, an answer is kept as usual.
    await renameQuietly(app, country.id, 'لم يعلن');
    expect(await names(app)).toEqual(['بعد']);
    await new Promise((r) => setTimeout(r, REPLICA_SETTLE_MS + 100));
    expect(await names(app)).toEqual(['بعد']);
  });
});
