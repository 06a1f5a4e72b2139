/**
 * Dashboard people and permissions (under /api/admin): admins, roles, app users,
 * reports (the audit log) and the admin's own profile. Each route names its
 * permission in `app.requireAdmin(...)`; plugins/audit.ts exposes it and logs writes.
 */
import { z } from 'zod';
import {
  adminCreateBody,
  adminEditBody,
  adminItem,
  adminListQuery,
  adminProfile,
  appUserDetail,
  appUserItem,
  envelope,
  idParam,
  ownProfileBody,
  paginated,
  permissionGroup,
  reportItem,
  reportListQuery,
  roleBody,
  roleDetail,
  roleItem,
  userListQuery,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { announce } from '../realtime/index.ts';
import { adminProfile as toAdminProfile, liftLocks } from '../admin-auth/index.ts';
import { deleteImage, storeImage } from '../uploads/index.ts';
import * as service from './service.ts';

const security = [{ bearer: [] }];
const forms = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];
const done = envelope(z.null());

export default async function adminPeopleRoutes(app: App) {
  // ------------------------------------------------------------ admins
  {
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
      async (req, reply) => reply.ok(await service.listAdmins(app.db, req.query, req.lang)),
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
        await service.checkAdminCreate(app.db, req.admin!, req.body);
        const image = req.uploads.image ? await storeImage(app, req.uploads.image, 'admins') : null;
        const id = await service.createAdmin(app.db, req.admin!, req.body, image).catch(async (e: unknown) => {
          await deleteImage(app, image);
          throw e;
        });
        return reply.ok(await service.getAdmin(app.db, id, req.lang), 'people.admin_created');
      },
    );

    app.get(
      '/admins/:id',
      {
        preHandler: app.requireAdmin('admins.view'),
        schema: { tags, summary: 'View an admin', security, params: idParam, response: { 200: envelope(adminItem) } },
      },
      async (req, reply) => reply.ok(await service.getAdmin(app.db, req.params.id, req.lang)),
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
        await service.checkAdminEdit(app.db, req.admin!, id, req.body);
        const image = req.uploads.image ? await storeImage(app, req.uploads.image, 'admins') : null;
        const replaced = await service
          .updateAdmin(app.db, req.admin!, id, req.body, image)
          .catch(async (e: unknown) => {
            await deleteImage(app, image);
            throw e;
          });
        await deleteImage(app, replaced);
        return reply.ok(await service.getAdmin(app.db, id, req.lang), 'people.admin_updated');
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
          await service.setAdminBlocked(app.db, req.admin!, req.params.id, blocked);
          return reply.ok(
            await service.getAdmin(app.db, req.params.id, req.lang),
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
        await service.getAdmin(app.db, req.params.id, req.lang);
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
        await service.deleteAdmin(app.db, req.admin!, req.params.id);
        return reply.ok(null, 'people.admin_deleted');
      },
    );
  }

  // ------------------------------------------------------------ roles
  {
    const tags = ['admin-people: roles'];

    app.get(
      '/roles',
      {
        preHandler: app.requireAdmin('roles.view'),
        schema: {
          tags,
          summary: 'List roles with their permission and admin counts',
          security,
          response: { 200: envelope(z.array(roleItem)) },
        },
      },
      async (req, reply) => reply.ok(await service.listRoles(app.db, req.lang)),
    );

    app.get(
      '/permissions',
      {
        preHandler: app.requireAdmin('roles.view'),
        schema: {
          tags,
          summary: 'The permissions the system defines, grouped by screen',
          security,
          response: { 200: envelope(z.array(permissionGroup)) },
        },
      },
      async (req, reply) => reply.ok(service.permissionGroups(req.lang)),
    );

    app.post(
      '/roles',
      {
        preHandler: app.requireAdmin('roles.create'),
        schema: {
          tags,
          summary: 'Add a role',
          description: '`permissions`: a JSON array or repeated form fields; each one of GET permissions.',
          security,
          consumes: forms,
          body: roleBody,
          response: { 200: envelope(roleDetail) },
        },
      },
      async (req, reply) => {
        const id = await service.saveRole(app.db, req.admin!, null, req.body);
        return reply.ok(await service.getRole(app.db, id, req.lang), 'people.role_created');
      },
    );

    app.get(
      '/roles/:id',
      {
        preHandler: app.requireAdmin('roles.view'),
        schema: { tags, summary: 'View a role', security, params: idParam, response: { 200: envelope(roleDetail) } },
      },
      async (req, reply) => reply.ok(await service.getRole(app.db, req.params.id, req.lang)),
    );

    app.post(
      '/roles/:id',
      {
        preHandler: app.requireAdmin('roles.edit'),
        schema: {
          tags,
          summary: 'Edit a role',
          description: 'Replaces the names and the whole permission list; takes effect on the next request.',
          security,
          consumes: forms,
          params: idParam,
          body: roleBody,
          response: { 200: envelope(roleDetail) },
        },
      },
      async (req, reply) => {
        await service.saveRole(app.db, req.admin!, req.params.id, req.body);
        return reply.ok(await service.getRole(app.db, req.params.id, req.lang), 'people.role_updated');
      },
    );

    app.delete(
      '/roles/:id',
      {
        preHandler: app.requireAdmin('roles.delete'),
        schema: {
          tags,
          summary: 'Delete a role',
          description: '409 `fail` while admins have it.',
          security,
          params: idParam,
          response: { 200: done },
        },
      },
      async (req, reply) => {
        await service.deleteRole(app.db, req.params.id);
        return reply.ok(null, 'people.role_deleted');
      },
    );
  }

  // ------------------------------------------------------------ app users
  {
    const tags = ['admin-people: users'];

    app.get(
      '/users',
      {
        preHandler: app.requireAdmin('users.view'),
        schema: {
          tags,
          summary: 'List app users',
          description: '`q` searches name and phone; `status` is active or blocked. Deleted accounts are not listed.',
          security,
          querystring: userListQuery,
          response: { 200: envelope(paginated(appUserItem)) },
        },
      },
      async (req, reply) => reply.ok(await service.listUsers(app.db, req.query, req.lang)),
    );

    app.get(
      '/users/:id',
      {
        preHandler: app.requireAdmin('users.view'),
        schema: {
          tags,
          summary: 'View an app user',
          security,
          params: idParam,
          response: { 200: envelope(appUserDetail) },
        },
      },
      async (req, reply) => reply.ok(await service.getUser(app.db, req.params.id, req.lang)),
    );

    for (const [action, blocked] of [
      ['block', true],
      ['unblock', false],
    ] as const) {
      app.post(
        `/users/:id/${action}`,
        {
          preHandler: app.requireAdmin('users.block'),
          config: { audit: `users.${action}` },
          schema: {
            tags,
            summary: blocked ? 'Block an app user' : 'Unblock an app user',
            description: blocked
              ? "The user's next call answers `blocked`; a notification of type `block` is stored."
              : 'A notification of type `un_blocked` is stored.',
            security,
            params: idParam,
            response: { 200: envelope(appUserDetail) },
          },
        },
        async (req, reply) => {
          const notice = await service.setUserBlocked(app.db, req.params.id, blocked);
          // Open pages hear of it at once (a `block` makes the site sign the customer out).
          if (notice) await announce(app, 'u', [notice]);
          return reply.ok(
            await service.getUser(app.db, req.params.id, req.lang),
            blocked ? 'people.user_blocked' : 'people.user_unblocked',
          );
        },
      );
    }
  }

  // ------------------------------------------------------------ reports (audit log)
  {
    const tags = ['admin-people: reports'];

    app.get(
      '/reports',
      {
        preHandler: app.requireAdmin('reports.view'),
        schema: {
          tags,
          summary: 'The audit log of admin writes',
          description:
            '`subject` is in the request language. `q` searches the subject (in that language) and the url; `from`/`to` take a day (whole day, UTC) or a date-time.',
          security,
          querystring: reportListQuery,
          response: { 200: envelope(paginated(reportItem)) },
        },
      },
      async (req, reply) => reply.ok(await service.listReports(app.db, req.query, req.lang)),
    );

    app.get(
      '/reports/:id',
      {
        preHandler: app.requireAdmin('reports.view'),
        schema: {
          tags,
          summary: 'One audit log entry',
          security,
          params: idParam,
          response: { 200: envelope(reportItem) },
        },
      },
      async (req, reply) => reply.ok(await service.getReport(app.db, req.params.id, req.lang)),
    );
  }

  // ------------------------------------------------------------ own profile
  {
    const tags = ['admin-people: profile'];

    app.get(
      '/profile',
      {
        preHandler: app.requireAdmin(),
        schema: { tags, summary: 'My admin profile', security, response: { 200: envelope(adminProfile) } },
      },
      async (req, reply) => reply.ok(await toAdminProfile(app.db, req.admin!, req.admin!.permissions, req.lang)),
    );

    app.post(
      '/profile',
      {
        preHandler: app.requireAdmin(),
        config: { audit: 'profile.edit' },
        schema: {
          tags,
          summary: 'Edit my name, image and password',
          description:
            'Multipart with an optional `image`. A new `password` (6+) needs `current_password` and a matching `password_confirmation`; it signs out my other sessions.',
          security,
          consumes: forms,
          body: ownProfileBody,
          response: { 200: envelope(adminProfile) },
        },
      },
      async (req, reply) => {
        const admin = req.admin!;
        const image = req.uploads.image ? await storeImage(app, req.uploads.image, 'admins') : null;
        const { row, replaced } = await service
          .updateOwnProfile(app.db, admin, req.tokenId!, req.body, image)
          .catch(async (e: unknown) => {
            await deleteImage(app, image);
            throw e;
          });
        await deleteImage(app, replaced);
        return reply.ok(await toAdminProfile(app.db, row, admin.permissions, req.lang), 'people.profile_updated');
      },
    );
  }
}
