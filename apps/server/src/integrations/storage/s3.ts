/**
 * S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, Spaces…) with
 * signed fetches (SigV4 via aws4fetch), path-style URLs: `<endpoint>/<bucket>/<key>`.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { assertStorageKey, contentTypeOf, IMMUTABLE_CACHE, isStorageKey, type Storage } from './types.ts';

export type S3Options = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Public base URL of the bucket; without it files are served through `/uploads`. */
  publicUrl?: string;
};

export function s3Storage(options: S3Options): Storage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
    retries: 2,
  });
  const base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
  const urlOf = (key: string) => `${base}/${key}`; // keys are [a-z0-9_-./] only: nothing to encode
  const publicBase = options.publicUrl?.replace(/\/+$/, '') ?? '/uploads';

  const fail = async (res: Response, what: string): Promise<never> => {
    const detail = (await res.text().catch(() => '')).slice(0, 300);
    throw new Error(`S3 ${what} failed: HTTP ${res.status} ${detail}`);
  };

  return {
    async put(key, data, contentType) {
      assertStorageKey(key);
      const res = await client.fetch(urlOf(key), {
        method: 'PUT',
        body: new Uint8Array(data),
        headers: {
          'content-type': contentType,
          'cache-control': IMMUTABLE_CACHE,
          // Signed body hash (the default is UNSIGNED-PAYLOAD): the bucket checks the bytes arrived intact.
          'x-amz-content-sha256': createHash('sha256').update(data).digest('hex'),
        },
        aws: { allHeaders: true }, // sign content-type and cache-control too
      });
      if (!res.ok) await fail(res, `PUT ${key}`);
      await res.body?.cancel();
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      const res = await client.fetch(urlOf(key));
      if (res.status === 404 || res.status === 403) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok || !res.body) return fail(res, `GET ${key}`);
      const length = Number(res.headers.get('content-length'));
      return {
        body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
        // Our own extension decides the type, not what the bucket says.
        contentType: contentTypeOf(key),
        size: Number.isFinite(length) && length > 0 ? length : undefined,
      };
    },
    async delete(key) {
      assertStorageKey(key);
      const res = await client.fetch(urlOf(key), { method: 'DELETE' });
      if (!res.ok && res.status !== 404) await fail(res, `DELETE ${key}`);
      await res.body?.cancel();
    },
    publicUrl: (key) => `${publicBase}/${key}`,
  };
}
