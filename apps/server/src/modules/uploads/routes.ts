/**
 * Stored files at `/uploads/<key>` (registered without prefix), from whichever
 * storage is configured. Names are random and never reused, hence the
 * immutable cache; `nosniff` keeps browsers to the type we send. A display copy
 * an older upload lacks (the 640 width, the AVIF copies) is made on its first request.
 */
import type { App } from '../../app-type.ts';
import { IMMUTABLE_CACHE, storageFor } from '../../integrations/storage/index.ts';
import { notFound } from '../../lib/errors.ts';
import { missingDisplayCopy } from './service.ts';

export default async function uploadsRoutes(app: App) {
  app.get('/uploads/*', { schema: { hide: true } }, async (req, reply) => {
    // The wildcard is already percent-decoded; the storage refuses any key that
    // is not `folder/name.ext` (no `..`, `/`-prefix, backslash or odd extension).
    const key = (req.params as { '*': string })['*'];
    const file =
      (await storageFor(app).get(key)) ??
      (await missingDisplayCopy(app, key).then(
        (copy) => copy && { body: copy.data, contentType: copy.contentType, size: copy.data.length },
        (err: unknown) => {
          req.log.warn({ err, key }, 'could not make a display copy');
          return null;
        },
      ));
    if (!file) throw notFound();
    reply
      .header('content-type', file.contentType)
      .header('cache-control', IMMUTABLE_CACHE)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    if (file.size !== undefined) reply.header('content-length', file.size);
    return reply.send(file.body);
  });
}
