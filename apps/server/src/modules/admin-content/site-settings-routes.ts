/** The site settings screen's routes: read and save the settings, with the logo and share image files. */
import { adminSettings as adminSettingsItem, envelope, settingsBody } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { deleteImage, storeImage } from '../uploads/index.ts';
import { base, forms } from './route-schema.ts';
import { adminSettings, saveSettings } from './service.ts';

export function siteSettingsRoutes(app: App) {
  app.get(
    '/settings',
    {
      preHandler: app.requireAdmin('settings.view'),
      schema: { ...base, summary: 'Site settings (both languages)', response: { 200: envelope(adminSettingsItem) } },
    },
    async (_req, reply) => reply.ok(await adminSettings(app.db)),
  );

  app.post(
    '/settings',
    {
      preHandler: app.requireAdmin('settings.edit'),
      schema: {
        ...base,
        summary: 'Save the site settings (multipart with optional `logo` and `share_image` files)',
        consumes: forms,
        body: settingsBody,
        response: { 200: envelope(adminSettingsItem) },
      },
    },
    async (req, reply) => {
      const current = await adminSettings(app.db);
      const stored: Partial<Record<'logo' | 'share_image', string>> = {};
      try {
        for (const field of ['logo', 'share_image'] as const) {
          const file = req.uploads[field];
          if (file) stored[field] = await storeImage(app, file, 'site');
        }
        await saveSettings(app.db, { ...current, ...req.body, ...stored });
      } catch (error) {
        await Promise.all(Object.values(stored).map((url) => deleteImage(app, url)));
        throw error;
      }
      for (const field of Object.keys(stored) as (keyof typeof stored)[]) await deleteImage(app, current[field]);
      return reply.ok(await adminSettings(app.db), 'cms.saved');
    },
  );
}
