/**
 * Multipart bodies: text parts become the body (validated by the route schema
 * like any form), file parts are buffered into `req.files` for the upload pipeline.
 */
import fp from 'fastify-plugin';
import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import { IMAGE_MAX_BYTES } from '@pool/contracts';
import { fieldError } from '../lib/errors.ts';

export type UploadedFile = { field: string; filename: string; mimetype: string; data: Buffer };

declare module 'fastify' {
  interface FastifyRequest {
    /** File parts of a multipart body, by field name. */
    uploads: Record<string, UploadedFile>;
  }
}

export default fp(async (app) => {
  app.decorateRequest('uploads', null as unknown as Record<string, UploadedFile>);
  await app.register(multipart, {
    attachFieldsToBody: true,
    // A file over the limit is cut short and reported as a field error, not a failed request.
    throwFileSizeLimit: false,
    limits: { fileSize: IMAGE_MAX_BYTES, files: 5, fields: 50, fieldSize: 64 * 1024, parts: 60 },
    async onFile(part: MultipartFile) {
      const buffer = await part.toBuffer();
      Object.assign(part, { buffer, tooLarge: part.file.truncated });
    },
  });
  app.addHook('preValidation', async (req) => {
    req.uploads = {};
    if (!req.isMultipart() || !req.body || typeof req.body !== 'object') return;
    const body: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(req.body as Record<string, unknown>)) {
      const part = (Array.isArray(value) ? value[0] : value) as MultipartFile | MultipartValue;
      if (part && typeof part === 'object' && 'file' in part) {
        const { buffer, tooLarge } = part as unknown as { buffer?: Buffer; tooLarge?: boolean };
        if (tooLarge) throw fieldError(name, 'validation.image_too_large');
        if (buffer?.length)
          req.uploads[name] = { field: name, filename: part.filename, mimetype: part.mimetype, data: buffer };
      } else if (part && typeof part === 'object' && 'value' in part) {
        body[name] = part.value;
      }
    }
    req.body = body;
  });
});
