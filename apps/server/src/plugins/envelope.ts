/**
 * The `{ msg, key, data }` envelope: `reply.ok`, the one error handler and the
 * JSON 404 of `/api`. Messages are translated into the request language.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ResponseKey } from '@pool/contracts';
import { issuesToFields, translate } from '@pool/i18n';
import { isDatabaseUnavailable } from '@pool/db';
import { AppError, type MessageParams } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** 200 `success` with `data` and a translated message. */
    ok<T>(data: T, msgKey?: string, params?: MessageParams): FastifyReply;
    /** Any key/status with a translated message. */
    envelope<T>(key: ResponseKey, status: number, data: T, msgKey: string, params?: MessageParams): FastifyReply;
  }
}

function send(
  reply: FastifyReply,
  key: ResponseKey,
  status: number,
  data: unknown,
  msgKey: string,
  params?: MessageParams,
) {
  const msg = translate(reply.request.lang, msgKey, params);
  return reply.code(status).send({ msg, key, data: data ?? null });
}

/** Framework errors with a 4xx status: their message key. */
const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'server.payload_too_large',
  FST_REQ_FILE_TOO_LARGE: 'validation.image_too_large',
  FST_FILES_LIMIT: 'server.payload_too_large',
  FST_PARTS_LIMIT: 'server.payload_too_large',
  FST_FIELDS_LIMIT: 'server.payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'server.unsupported_media',
};

export default fp(async (app) => {
  app.decorateReply(
    'ok',
    function ok(this: FastifyReply, data: unknown, msgKey = 'server.success', params?: MessageParams) {
      return send(this, 'success', 200, data, msgKey, params);
    },
  );
  app.decorateReply(
    'envelope',
    function envelope(
      this: FastifyReply,
      key: ResponseKey,
      status: number,
      data: unknown,
      msgKey: string,
      params?: MessageParams,
    ) {
      return send(this, key, status, data, msgKey, params);
    },
  );

  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    const lang = req.lang;
    if (error instanceof AppError) {
      const data = error.options.fields
        ? Object.fromEntries(
            Object.entries(error.options.fields).map(([f, m]) => [f, translate(lang, m.key, m.params)]),
          )
        : error.options.data;
      return send(reply, error.key, error.status, data, error.msgKey, error.options.params);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        ...(v.params as object),
        code: v.keyword,
        message: v.message,
        path: v.instancePath.split('/').filter(Boolean),
      }));
      const fields = issuesToFields(lang, issues);
      return send(reply, 'fail', 422, fields, 'server.validation_failed');
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug of ours: the database is out of reach (SECURITY.md 31). The pool drops the
      // broken connection; the transaction was rolled back (or died with its connection).
      req.log.warn({ err: error }, 'database unavailable');
      return send(reply, 'unavailable', 503, null, 'server.unavailable');
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) return send(reply, 'tooManyRequests', 429, null, 'server.too_many_requests');
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      const code = (error as FastifyError).code ?? '';
      return send(reply, 'fail', status, null, CLIENT_ERRORS[code] ?? 'server.bad_request');
    }
    req.log.error({ err: error, reqId: req.id }, 'unhandled error');
    return send(reply, 'exception', 500, { request_id: req.id }, 'server.exception');
  });

  // Unknown /api paths answer JSON; other paths are the site's (the SSR catch-all).
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    return send(reply, 'notFound', 404, null, 'server.route_not_found', { path });
  });
});
