import { z } from 'zod';
import { adminLoginBody, adminProfile, adminSession, envelope } from '@pool/contracts';
import type { App } from '../../app.ts';
import * as service from './service.ts';

export default async function adminAuthRoutes(app: App) {
  const tags = ['admin-auth'];

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: `Admin sign-in; at most ${service.ADMIN_LOGIN_LIMITS.perEmail} failures per e-mail and ${service.ADMIN_LOGIN_LIMITS.perIp} per IP in 15 minutes`,
        body: adminLoginBody,
        response: { 200: envelope(adminSession) },
      },
    },
    async (req, reply) => {
      const session = await service.login(app.db, { ...req.body, ip: req.ip, lang: req.lang });
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
      await service.revokeAdminToken(app.db, req.tokenId!);
      return reply.ok(null, 'server.signed_out');
    },
  );
}
