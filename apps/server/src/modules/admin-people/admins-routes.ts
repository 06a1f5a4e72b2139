/**
 * The admins screen's routes: list, view, add, edit, block and unblock, lift
 * the sign-in locks, delete. An admin's image is stored before the write and
 * removed again when the write fails.
 */
import { z } from 'zod';
import {
  adminCreateBody,
  adminEditBody,
  adminItem,
  adminListQuery,
  envelope,
  idParam,
  paginated,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { liftLocks } from '../admin-auth/index.ts';
import { deleteImage, storeImage } from '../uploads/index.ts';
import {
  checkAdminCreate,
  checkAdminEdit,
  createAdmin,
  deleteAdmin,
  getAdmin,
  listAdmins,
  setAdminBlocked,
  updateAdmin,
} from './admins.ts';
import { done, forms, security } from './route-schema.ts';

export function adminsRoutes(app: App) {
  const tags = ['admin-people: admins'];

  app.get(
    '/admins',
    {
      preHandler: app.requireAdmin('admins.view'),
      schema: {
        tags,
        summary: 'List admins',
        description: '`q` searches name, e-mail and phone; `status` is active or blocked.',
        security,
        querystring: adminListQuery,
        response: { 200: envelope(paginated(adminItem)) },
      },
    },
    async (req, reply) => reply.ok(await listAdmins(app.db, req.query, req.lang)),
  );

  app.post(
    '/admins',
    {
      preHandler: app.requireAdmin('admins.create'),
      schema: {
        tags,
        summary: 'Add an admin',
        description: 'Multipart with an optional `image` file, or a form / JSON without it.',
        security,
        consumes: forms,
        body: adminCreateBody,
        response: { 200: envelope(adminItem) },
      },
    },
    async (req, reply) => {
      await checkAdminCreate(app.db, req.admin!, req.body);
      const image = req.uploads.image ? await storeImage(app, req.uploads.image, 'admins') : null;
      const id = await createAdmin(app.db, req.admin!, req.body, image).catch(async (e: unknown) => {
        await deleteImage(app, image);
        throw e;
      });
      return reply.ok(await getAdmin(app.db, id, req.lang), 'people.admin_created');
    },
  );

  app.get(
    '/admins/:id',
    {
      preHandler: app.requireAdmin('admins.view'),
      schema: { tags, summary: 'View an admin', security, params: idParam, response: { 200: envelope(adminItem) } },
    },
    async (req, reply) => reply.ok(await getAdmin(app.db, req.params.id, req.lang)),
  );

  app.post(
    '/admins/:id',
    {
      preHandler: app.requireAdmin('admins.edit'),
      schema: {
        tags,
        summary: 'Edit an admin',
        description:
          'Every field is sent; an empty password keeps the current one, a new one signs the admin out. The general manager is edited only by themselves and keeps their role.',
        security,
        consumes: forms,
        params: idParam,
        body: adminEditBody,
        response: { 200: envelope(adminItem) },
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      await checkAdminEdit(app.db, req.admin!, id, req.body);
      const image = req.uploads.image ? await storeImage(app, req.uploads.image, 'admins') : null;
      const replaced = await updateAdmin(app.db, req.admin!, id, req.body, image).catch(async (e: unknown) => {
        await deleteImage(app, image);
        throw e;
      });
      await deleteImage(app, replaced);
      return reply.ok(await getAdmin(app.db, id, req.lang), 'people.admin_updated');
    },
  );

  for (const [action, blocked] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    app.post(
      `/admins/:id/${action}`,
      {
        preHandler: app.requireAdmin('admins.block'),
        config: { audit: `admins.${action}` },
        schema: {
          tags,
          summary: blocked ? 'Block an admin' : 'Unblock an admin',
          description: blocked
            ? 'The admin is signed out and refused from the next request. Not the general manager, not oneself.'
            : undefined,
          security,
          params: idParam,
          response: { 200: envelope(adminItem) },
        },
      },
      async (req, reply) => {
        await setAdminBlocked(app.db, req.admin!, req.params.id, blocked);
        return reply.ok(
          await getAdmin(app.db, req.params.id, req.lang),
          blocked ? 'people.admin_blocked' : 'people.admin_unblocked',
        );
      },
    );
  }

  app.post(
    '/admins/:id/unlock',
    {
      preHandler: app.requireAdmin('admins.block'),
      config: { audit: 'admins.unlock' },
      schema: {
        tags,
        summary: 'Lift the sign-in locks of an admin',
        description:
          'Every address the account was locked for after wrong passwords may sign in again at once. The general manager only.',
        security,
        params: idParam,
        response: { 200: envelope(z.object({ lifted: z.number() })) },
      },
    },
    async (req, reply) => {
      await getAdmin(app.db, req.params.id, req.lang);
      const lifted = await liftLocks(app, req.admin!, req.params.id);
      return reply.ok({ lifted }, 'people.admin_unlocked');
    },
  );

  app.delete(
    '/admins/:id',
    {
      preHandler: app.requireAdmin('admins.delete'),
      schema: {
        tags,
        summary: 'Delete an admin',
        description:
          'Soft delete; the e-mail becomes free and the tokens stop working. Not the general manager, not oneself.',
        security,
        params: idParam,
        response: { 200: done },
      },
    },
    async (req, reply) => {
      await deleteAdmin(app.db, req.admin!, req.params.id);
      return reply.ok(null, 'people.admin_deleted');
    },
  );
}
