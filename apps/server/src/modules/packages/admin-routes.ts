/**
 * The dashboard's packages (under /api/admin, `packages.*`): list with search
 * and status, create, edit, activate, deactivate, delete (subscriptions keep
 * the package as they bought it); and the subscriptions sold (admin-subscriptions.ts).
 */
import { z } from 'zod';
import { adminPackage, adminPackageList, envelope, idParam, packageBody, packageListQuery } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { notFound } from '../../lib/errors.ts';
import { adminSubscriptionRoutes } from './admin-subscriptions.ts';
import * as catalogue from './catalogue.ts';

const base = { tags: ['admin: packages'], security: [{ bearer: [] }] };
const one = envelope(adminPackage);
const found = <T>(value: T | undefined) => {
  if (!value) throw notFound();
  return value;
};

export default async function adminPackageRoutes(app: App) {
  adminSubscriptionRoutes(app);

  app.get(
    '/packages',
    {
      preHandler: app.requireAdmin('packages.view'),
      schema: {
        ...base,
        summary: 'Maintenance packages (deleted ones aside), in the site’s order',
        description: '`status` active or inactive, `q` searches both names; with the VAT rate (percent).',
        querystring: packageListQuery,
        response: { 200: envelope(adminPackageList) },
      },
    },
    async (req, reply) => reply.ok(await catalogue.listPackages(app.db, req.query)),
  );

  app.get(
    '/packages/:id',
    {
      preHandler: app.requireAdmin('packages.view'),
      schema: { ...base, summary: 'One package', params: idParam, response: { 200: one } },
    },
    async (req, reply) => reply.ok(found(await catalogue.getPackage(app.db, req.params.id))),
  );

  app.post(
    '/packages',
    {
      preHandler: app.requireAdmin('packages.create'),
      schema: {
        ...base,
        summary: 'Add a package',
        description: '`price_sar`: riyals before VAT as typed (at most 2 decimals), stored in halalas.',
        body: packageBody,
        response: { 200: one },
      },
    },
    async (req, reply) => reply.ok(found(await catalogue.savePackage(app.db, req.body)), 'cms.created'),
  );

  app.post(
    '/packages/:id',
    {
      preHandler: app.requireAdmin('packages.edit'),
      schema: {
        ...base,
        summary: 'Edit a package (subscriptions already sold keep what they bought)',
        params: idParam,
        body: packageBody,
        response: { 200: one },
      },
    },
    async (req, reply) => reply.ok(found(await catalogue.savePackage(app.db, req.body, req.params.id)), 'cms.saved'),
  );

  for (const [action, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    app.post(
      `/packages/:id/${action}`,
      {
        preHandler: app.requireAdmin('packages.edit'),
        config: { audit: `packages.${action}` },
        schema: {
          ...base,
          summary: active ? 'Offer the package on the site again' : 'Stop selling the package',
          params: idParam,
          response: { 200: one },
        },
      },
      async (req, reply) =>
        reply.ok(found(await catalogue.setPackageActive(app.db, req.params.id, active)), 'cms.saved'),
    );
  }

  app.delete(
    '/packages/:id',
    {
      preHandler: app.requireAdmin('packages.delete'),
      schema: {
        ...base,
        summary: 'Delete a package (its subscriptions keep what they bought)',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      found(await catalogue.deletePackage(app.db, req.params.id));
      return reply.ok(null, 'cms.deleted');
    },
  );
}
