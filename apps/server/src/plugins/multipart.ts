/**
 * Multipart bodies: text parts become the body (validated by the route schema
 * like any form), file parts are buffered into `req.files` for the upload pipeline.
 * A malformed or truncated body is the client's fault: 400 in its language, nothing stored.
 */
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES } from '@pool/contracts';
import { AppError, fieldError } from '../lib/errors.ts';

export type UploadedFile = { field: string; filename: string; mimetype: string; data: Buffer };

declare module 'fastify' {
  interface FastifyRequest {
    /** File parts of a multipart body, by field name. */
    uploads: Record<string, UploadedFile>;
  }
}

/** Reads every part; the first part of a name wins, as a form field would. */
async function readParts(req: FastifyRequest) {
  const body: Record<string, unknown> = {};
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      // A file over the limit is cut short and reported as a field error, not a failed request.
      if (part.file.truncated) throw fieldError(part.fieldname, 'validation.image_too_large');
      if (data.length && !req.uploads[part.fieldname]) {
        req.uploads[part.fieldname] = { field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data };
      }
    } else if (!(part.fieldname in body)) {
      body[part.fieldname] = part.value;
    }
  }
  return body;
}

export default fp(async (app) => {
  app.decorateRequest('uploads', null as unknown as Record<string, UploadedFile>);
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: IMAGE_MAX_BYTES, files: 5, fields: 50, fieldSize: 64 * 1024, parts: 60 },
  });
  app.addHook('preValidation', async (req) => {
    req.uploads = {};
    if (!req.isMultipart()) return;
    try {
      req.body = await readParts(req);
    } catch (err) {
      // Our own refusals and the framework's limits (413 and the like) keep their answer.
      if (err instanceof AppError || ((err as FastifyError).statusCode ?? 500) < 500) throw err;
      // The parser's "Unexpected end of form", "Boundary not found", "Malformed part header"…
      throw new AppError('fail', 'server.bad_multipart', { status: 400 });
    }
  });
});
