/** The roles screen's routes: the roles, the permissions the system defines, and adding, editing and deleting a role. */
import { z } from 'zod';
import { envelope, idParam, permissionGroup, roleBody, roleDetail, roleItem } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { deleteRole, getRole, listRoles, permissionGroups, saveRole } from './roles.ts';
import { done, forms, security } from './route-schema.ts';

export function rolesRoutes(app: App) {
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
    async (req, reply) => reply.ok(await listRoles(app.db, req.lang)),
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
    async (req, reply) => reply.ok(permissionGroups(req.lang)),
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
      const id = await saveRole(app.db, req.admin!, null, req.body);
      return reply.ok(await getRole(app.db, id, req.lang), 'people.role_created');
    },
  );

  app.get(
    '/roles/:id',
    {
      preHandler: app.requireAdmin('roles.view'),
      schema: { tags, summary: 'View a role', security, params: idParam, response: { 200: envelope(roleDetail) } },
    },
    async (req, reply) => reply.ok(await getRole(app.db, req.params.id, req.lang)),
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
      await saveRole(app.db, req.admin!, req.params.id, req.body);
      return reply.ok(await getRole(app.db, req.params.id, req.lang), 'people.role_updated');
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
      await deleteRole(app.db, req.params.id);
      return reply.ok(null, 'people.role_deleted');
    },
  );
}
