/**
 * The module's picture uploads: the customer's pictures and design snapshot
 * (/api/user/construction-images) and the engineer's stage photos
 * (/api/staff/construction-photos). One multipart file (`file`, or `image` as
 * the other upload routes name it), stored through the upload pipeline;
 * answers its URL for the body that uses it.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { constructionImageResult, envelope, V } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { fieldError } from '../../lib/errors.ts';
import { storeImage } from '../uploads/index.ts';

export function pictureUpload(
  app: App,
  path: string,
  o: { preHandler: (req: FastifyRequest) => Promise<void>; tags: string[]; summary: string; folder: string },
) {
  app.post(
    path,
    {
      preHandler: o.preHandler,
      schema: {
        tags: o.tags,
        security: [{ bearer: [] }],
        summary: o.summary,
        consumes: ['multipart/form-data'],
        body: z.object({}).optional(),
        response: { 200: envelope(constructionImageResult) },
      },
    },
    async (req, reply) => {
      const file = req.uploads.file ?? req.uploads.image;
      if (!file) throw fieldError('file', V.required);
      return reply.ok({ url: await storeImage(app, file, o.folder) }, 'construction.image_saved');
    },
  );
}
