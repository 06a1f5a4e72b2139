/**
 * A page's in-process API calls share one lookup of the visitor's session (issue 13): within a page's
 * scope the session is read once, so a revocation between two of its calls is seen by the next page,
 * not half-way through this one; outside a scope every call reads it afresh.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeUser, tables } from '@pool/db';
import { buildTestApp, type TestApp } from '../testing/app.ts';
import { siteContextFor } from '../plugins/site.ts';
import { issueUserToken, revokeUserTokens } from './sessions.ts';
import { withPageSessions } from './page-sessions.ts';

describe("a page's session lookups", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  /** The site's API as a page's loaders reach it (plugins/site.ts). */
  const siteOf = () =>
    siteContextFor(
      app,
      { headers: {}, ip: '127.0.0.1', id: 'page' } as unknown as FastifyRequest,
      { cspNonce: { script: 'n' } } as unknown as FastifyReply,
      'test',
    );

  it("reads the session once per page: the page's calls agree, the next page sees the change", async () => {
    const user = await makeUser(app.db);
    const token = await issueUserToken(app.db, user.id);
    const site = siteOf();
    const profile = async () => (await site.api('GET', '/user/profile', { token })).body.key;
    await withPageSessions(async () => {
      expect(await profile()).toBe('success');
      await revokeUserTokens(app.db, user.id, 'blocked');
      expect(await profile()).toBe('success');
    });
    expect(await profile()).toBe('unauthenticated');
    expect(await withPageSessions(profile)).toBe('unauthenticated');
  });

  it('keeps pages apart, and each token to itself', async () => {
    const [a, b] = [await makeUser(app.db), await makeUser(app.db)];
    const [tokenA, tokenB] = [await issueUserToken(app.db, a.id), await issueUserToken(app.db, b.id)];
    const site = siteOf();
    const idOf = async (token: string) =>
      ((await site.api('GET', '/user/profile', { token })).body.data as { id: number }).id;
    const [first, second] = await Promise.all([
      withPageSessions(() => Promise.all([idOf(tokenA), idOf(tokenB), idOf(tokenA)])),
      withPageSessions(() => idOf(tokenB)),
    ]);
    expect(first).toEqual([a.id, b.id, a.id]);
    expect(second).toBe(b.id);
    // Every call outside a page still reads the database: a token revoked is refused at once.
    await app.db.update(tables.userTokens).set({ revokedAt: new Date() }).where(eq(tables.userTokens.userId, a.id));
    expect((await site.api('GET', '/user/profile', { token: tokenA })).body.key).toBe('unauthenticated');
  });
});
