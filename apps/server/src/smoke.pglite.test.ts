/**
 * The `npm start` path on PGlite: a data folder on disk, migrations, the demo
 * seed (once), a restart on the same folder, and the demo customer signing in.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, DEMO_CUSTOMER, seed, tables } from '@pool/db';
import { buildApp, type App } from './app.ts';
import { loadConfig } from './config.ts';
import { hashPassword } from './lib/passwords.ts';
import { readFileSync } from 'node:fs';

describe('default start on PGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pool-smoke-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  let app: App | undefined;
  afterAll(async () => {
    await app?.close();
    await app?.database.close();
  });

  const open = async () => {
    const database = createDatabase({ pgliteDir: join(dataDir, 'pglite') });
    await database.migrate();
    const result = await seed(database.db, {
      adminEmail: config.ADMIN_EMAIL,
      adminPasswordHash: () => hashPassword('x'.repeat(12)),
      demo: true,
    });
    return { database, result };
  };

  it('migrates and seeds once, and keeps the data across a restart', async () => {
    const first = await open();
    expect(first.result.seeded).toBe(true);
    const countries = await first.database.db.select().from(tables.countries);
    expect(countries.map((c) => c.key)).toContain('966');
    await first.database.close();

    const second = await open();
    expect(second.result.seeded).toBe(false);
    expect(await second.database.db.select().from(tables.admins)).toHaveLength(1);
    app = await buildApp({ config, database: second.database, logger: false });
    await app.ready();
    // PGlite applies every migration and loads the demo store (over 60 products) here.
  }, 60_000);

  it('serves the seeded content and signs the demo customer in', async () => {
    const settings = await app!.inject({ method: 'GET', url: '/api/user/settings', headers: { lang: 'en' } });
    expect(settings.json().data.site_name).toBe('Masabeh');
    const home = await app!.inject({ method: 'GET', url: '/api/user/home' });
    expect(home.json().data.banners.length).toBeGreaterThan(0);

    const sent = await app!.inject({
      method: 'POST',
      url: '/api/user/send-code',
      payload: { phone: DEMO_CUSTOMER.phone },
    });
    expect(sent.statusCode).toBe(200);
    const outbox = readFileSync(join(dataDir, 'sms-outbox.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const code = outbox.at(-1).text.match(/\d{4}/)[0];
    const checked = await app!.inject({
      method: 'POST',
      url: '/api/user/check-code',
      payload: { phone: DEMO_CUSTOMER.phone, code },
    });
    expect(checked.json()).toMatchObject({ key: 'success', data: { name: DEMO_CUSTOMER.name, is_guest: false } });
    const count = await app!.inject({
      method: 'GET',
      url: '/api/user/count-notifications',
      headers: { authorization: `Bearer ${checked.json().data.token}` },
    });
    expect(count.json().data.count).toBe(2);
  });
});
