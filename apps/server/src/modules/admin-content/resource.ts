/**
 * The dashboard's generic list / show / create / edit / delete routes of one
 * table ("resource"), shared by the content screens and the catalogue (brands,
 * categories, features). Every route requires its permission (`<group>.<action>`).
 */
import { z } from 'zod';
import { and, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '@pool/db';
import { cmsListQuery, envelope, idParam, paginated, V, type Permission, type PermissionGroup } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { deleteImage, storeImage } from '../uploads/index.ts';
import * as cms from './service.ts';

const forms = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];
const done = envelope(z.null());

type Action = 'view' | 'create' | 'edit' | 'delete';
type ListQuery = z.output<typeof cmsListQuery>;

export type Resource<T extends cms.IdTable, B extends z.ZodType, I extends z.ZodType> = {
  path: string;
  /** Permission screen; `create`/`delete` map to `edit` for screens without them. */
  group: PermissionGroup;
  name: string;
  /** OpenAPI tag; `admin-content` unless given. */
  tag?: string;
  table: T;
  search: PgColumn[];
  order: (PgColumn | SQL)[];
  body: B;
  item: I;
  toItem: (row: T['$inferSelect']) => z.output<I>;
  /** Items of several rows at once, when an item needs more than its row (features and their options). */
  toItems?: (rows: T['$inferSelect'][]) => Promise<z.output<I>[]>;
  toValues: (body: z.output<B>, id?: number) => Promise<Partial<T['$inferInsert']>> | Partial<T['$inferInsert']>;
  /** Rules beyond the schema (uniqueness, one field or another); throws a field error. */
  check?: (body: z.output<B>, id?: number) => Promise<void>;
  /** Runs in the saving transaction after the row is written (child rows, derived columns). */
  afterSave?: (tx: Db, row: T['$inferSelect'], body: z.output<B>) => Promise<void>;
  /** Refuses a delete (throws) while something still needs the row. */
  beforeDelete?: (id: number) => Promise<void>;
  /** The multipart `image` file is stored into this column. */
  image?: { column: string; folder: string; required: boolean };
  /** Rows outside this condition do not exist for the resource. */
  where?: SQL;
  /** Extra list filters: the query schema (extending `cmsListQuery`) and the condition it makes. */
  filter?: { query: z.ZodType<ListQuery & Record<string, unknown>>; where: (query: never) => SQL | undefined };
  /** SEO entries are neither created nor deleted. */
  fixed?: boolean;
  /** The audit log's subject screen (`<audit>.<action>`), when the permission does not name it (about/terms share `settings`). */
  audit?: string;
};

export function registerResource<T extends cms.IdTable, B extends z.ZodType, I extends z.ZodType>(
  app: App,
  r: Resource<T, B, I>,
) {
  const base = { tags: [r.tag ?? 'admin-content'], security: [{ bearer: [] }] };
  const may = (action: Action) => {
    const code = `${r.group}.${action}` as Permission;
    return app.requireAdmin(
      r.group === 'settings' && (action === 'create' || action === 'delete') ? 'settings.edit' : code,
    );
  };
  const audited = (action: Action) => (r.audit ? { config: { audit: `${r.audit}.${action}` } } : {});
  const body = r.image ? { consumes: forms, body: r.body } : { body: r.body };
  const one = envelope(r.item as z.ZodType);
  const items = (rows: T['$inferSelect'][]) => (r.toItems ? r.toItems(rows) : Promise.resolve(rows.map(r.toItem)));
  const item = async (row: T['$inferSelect']) => (await items([row]))[0];

  /** Writes the row (and what `afterSave` adds) in one transaction when there is more than the row. */
  const write = (values: Record<string, unknown>, input: z.output<B>, id?: number) => {
    const run = async (db: Db) => {
      const row = id ? await cms.updateRow(db, r.table, id, values, r.where) : await cms.insertRow(db, r.table, values);
      if (row && r.afterSave) await r.afterSave(db, row, input);
      return row;
    };
    return r.afterSave ? app.db.transaction((tx) => run(tx as unknown as Db)) : run(app.db);
  };

  /** Creates (no id) or edits a row from the validated body and the optional image. */
  async function save(req: FastifyRequest, id?: number) {
    const input = req.body as z.output<B>;
    const before = id ? await cms.findRow(app.db, r.table, id, r.where) : undefined;
    if (id && !before) throw notFound();
    await r.check?.(input, id);
    const values = (await r.toValues(input, id)) as Record<string, unknown>;
    let stored: string | undefined;
    if (r.image) {
      const file = req.uploads.image;
      if (!file && !id && r.image.required) throw fieldError('image', V.required);
      if (file) values[r.image.column] = stored = await storeImage(app, file, r.image.folder);
    }
    try {
      const row = await write(values, input, id);
      if (!row) throw notFound();
      if (stored && before) await deleteImage(app, (before as Record<string, string | null>)[r.image!.column]);
      return row;
    } catch (error) {
      if (stored) await deleteImage(app, stored);
      throw error;
    }
  }

  app.get(
    `/${r.path}`,
    {
      preHandler: may('view'),
      schema: {
        ...base,
        summary: `List ${r.name} (search \`q\`, paginated)`,
        querystring: r.filter?.query ?? cmsListQuery,
        response: { 200: envelope(paginated(r.item)) },
      },
    },
    async (req, reply) => {
      const query = req.query as ListQuery;
      const filtered = r.filter?.where(query as never);
      const { rows, pagination } = await cms.listRows(app.db, r.table, {
        q: query.q,
        page: query.page,
        search: r.search,
        order: r.order,
        where: and(r.where, filtered),
      });
      return reply.ok({ data: await items(rows), pagination });
    },
  );

  app.get(
    `/${r.path}/:id`,
    {
      preHandler: may('view'),
      schema: { ...base, summary: `One ${r.name}`, params: idParam, response: { 200: one } },
    },
    async (req, reply) => {
      const row = await cms.findRow(app.db, r.table, req.params.id, r.where);
      if (!row) throw notFound();
      return reply.ok(await item(row));
    },
  );

  app.post(
    `/${r.path}/:id`,
    {
      preHandler: may('edit'),
      ...audited('edit'),
      schema: { ...base, summary: `Edit ${r.name}`, params: idParam, ...body, response: { 200: one } },
    },
    async (req, reply) => reply.ok(await item(await save(req, req.params.id)), 'cms.saved'),
  );

  if (r.fixed) return;

  app.post(
    `/${r.path}`,
    {
      preHandler: may('create'),
      ...audited('create'),
      schema: {
        ...base,
        summary: `Create ${r.name}${r.image ? ' (multipart with an `image` file)' : ''}`,
        ...body,
        response: { 200: one },
      },
    },
    async (req, reply) => reply.ok(await item(await save(req)), 'cms.created'),
  );

  app.delete(
    `/${r.path}/:id`,
    {
      preHandler: may('delete'),
      ...audited('delete'),
      schema: { ...base, summary: `Delete ${r.name}`, params: idParam, response: { 200: done } },
    },
    async (req, reply) => {
      if (r.beforeDelete && (await cms.findRow(app.db, r.table, req.params.id, r.where)))
        await r.beforeDelete(req.params.id);
      const row = await cms.deleteRow(app.db, r.table, req.params.id, r.where);
      if (!row) throw notFound();
      if (r.image) await deleteImage(app, (row as Record<string, string | null>)[r.image.column]);
      return reply.ok(null, 'cms.deleted');
    },
  );
}
