/** The signed-in admin's own profile: view it, and edit name, image and password. */
import { adminProfile, envelope, ownProfileBody } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { adminProfile as toAdminProfile } from '../admin-auth/index.ts';
import { deleteImage, storeImage } from '../uploads/index.ts';
import { updateOwnProfile } from './profile.ts';
import { forms, security } from './route-schema.ts';

export function profileRoutes(app: App) {
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
      const { row, replaced } = await updateOwnProfile(app.db, admin, req.tokenId!, req.body, image).catch(
        async (e: unknown) => {
          await deleteImage(app, image);
          throw e;
        },
      );
      await deleteImage(app, replaced);
      return reply.ok(await toAdminProfile(app.db, row, admin.permissions, req.lang), 'people.profile_updated');
    },
  );
}
