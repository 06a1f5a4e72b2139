import { z } from 'zod';
import { asc, eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import { country, envelope } from '@pool/contracts';
import type { App } from '../../app-type.ts';

export default async function countriesRoutes(app: App) {
  app.get(
    '/countries',
    {
      config: { publicCache: { maxAge: 300 } },
      schema: {
        tags: ['account'],
        summary: 'Calling codes of the sign-in country picker (active ones, in display order)',
        response: { 200: envelope(z.array(country)) },
      },
    },
    async (req, reply) => {
      const c = tables.countries;
      const rows = await app.readDb.select().from(c).where(eq(c.active, true)).orderBy(asc(c.sort), asc(c.id));
      return reply.ok(
        rows.map((r) => ({
          id: r.id,
          key: r.key,
          iso: r.iso,
          name: req.lang === 'en' ? r.nameEn : r.nameAr,
          image: r.flag,
        })),
      );
    },
  );
}
