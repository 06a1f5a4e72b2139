import { z } from 'zod';
import { adminLoginBody, adminProfile, adminSession, envelope } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import * as service from './service.ts';
import { originOf, revokeAdminToken } from '../../lib/sessions.ts';

export default async function adminAuthRoutes(app: App) {
  const tags = ['admin-auth'];

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: `Admin sign-in; ${service.ADMIN_LOGIN_LIMITS.failures} wrong passwords lock the account for that address (growing), ${service.ADMIN_LOGIN_LIMITS.perAddress} an address, for 15 minutes`,
        body: adminLoginBody,
        response: { 200: envelope(adminSession) },
      },
    },
    async (req, reply) => {
      const session = await service.login(app, { ...req.body, origin: originOf(req), lang: req.lang });
      return reply.ok(session, 'server.signed_in');
    },
  );

  app.get(
    '/me',
    {
      preHandler: app.requireAdmin(),
      schema: {
        tags,
        summary: 'The signed-in admin with their permissions',
        security: [{ bearer: [] }],
        response: { 200: envelope(adminProfile) },
      },
    },
    async (req, reply) => reply.ok(await service.adminProfile(app.db, req.admin!, req.admin!.permissions, req.lang)),
  );

  app.delete(
    '/sign-out',
    {
      preHandler: app.requireAdmin(),
      config: { audit: 'session.sign_out' },
      schema: {
        tags,
        summary: 'Revoke this admin token',
        security: [{ bearer: [] }],
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await revokeAdminToken(app.db, req.tokenId!);
      return reply.ok(null, 'server.signed_out');
    },
  );
}
