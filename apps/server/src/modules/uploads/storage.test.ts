/** The S3 driver against a tiny fake S3 (node:http) that checks every SigV4 signature. */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { s3Storage } from '../../integrations/storage/s3.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { deleteImage, displayUrls, storeImage } from './service.ts';

const ACCESS_KEY = 'AKIDTEST';
const SECRET = 'test-secret-key';
const REGION = 'me-central-1';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** Recomputes the AWS SigV4 signature of a request on our side, independently of the client library. */
function signatureIsValid(req: IncomingMessage, body: Buffer): boolean {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization),
    );
  if (!auth) return false;
  const [, key, date, region, signed, signature] = auth as unknown as string[];
  const amzDate = String(req.headers['x-amz-date']);
  const payloadHash = String(req.headers['x-amz-content-sha256']);
  // Uploads must sign their body; body-less requests may say UNSIGNED-PAYLOAD.
  const hashOk = payloadHash === sha256(body) || (body.length === 0 && payloadHash === 'UNSIGNED-PAYLOAD');
  if (key !== ACCESS_KEY || region !== REGION || !amzDate.startsWith(date!) || !hashOk) return false;
  if (req.method === 'PUT' && !signed!.split(';').includes('content-type')) return false;
  const headers = signed!
    .split(';')
    .map((h) => `${h}:${String(req.headers[h]).trim()}\n`)
    .join('');
  const canonical = [req.method, req.url!.split('?')[0], '', headers, signed, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, date!), region!), 's3'), 'aws4_request');
  return createHmac('sha256', signingKey).update(toSign).digest('hex') === signature;
}

describe('S3-compatible storage', () => {
  const objects = new Map<string, { body: Buffer; type: string; cache: string }>();
  const log: string[] = [];
  let failPuts = false;
  let server: Server;
  let endpoint: string;
  let app: TestApp;

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      log.push(`${req.method} ${req.url}`);
      if (!signatureIsValid(req, body))
        return res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      const path = req.url!;
      if (req.method === 'PUT') {
        if (failPuts && path.endsWith('.webp'))
          return res.writeHead(500).end('<Error><Code>InternalError</Code></Error>');
        objects.set(path, {
          body,
          type: String(req.headers['content-type']),
          cache: String(req.headers['cache-control']),
        });
        return res.writeHead(200).end();
      }
      if (req.method === 'DELETE') {
        objects.delete(path);
        return res.writeHead(204).end();
      }
      const object = objects.get(path);
      if (!object) return res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      return res.writeHead(200, { 'content-type': 'text/html', 'content-length': object.body.length }).end(object.body);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    app = await buildTestApp({
      engine: 'pglite',
      config: {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: 'pool-media',
        S3_REGION: REGION,
        S3_ACCESS_KEY_ID: ACCESS_KEY,
        S3_SECRET_ACCESS_KEY: SECRET,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise((done) => server.close(done));
  });
  beforeEach(() => {
    failPuts = false;
    log.length = 0;
  });

  it('requires its settings when chosen', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_ENDPOINT: endpoint })).toThrow(/S3_BUCKET/);
  });

  it('stores the image and its AVIF and WebP copies in the bucket with signed requests, and serves them', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: 'teal' } })
      .jpeg()
      .toBuffer();
    const url = await storeImage(
      app,
      { field: 'image', filename: 'a.jpg', mimetype: 'image/jpeg', data: jpeg },
      'users',
    );
    expect(url).toMatch(/^\/uploads\/users\/[0-9a-f]{32}\.jpg$/);
    const key = url.replace('/uploads/', '');
    const stored = objects.get(`/pool-media/${key}`)!;
    expect(stored).toMatchObject({ type: 'image/jpeg', cache: 'public, max-age=31536000, immutable' });
    for (const w of [320, 640, 960]) {
      expect(objects.get(`/pool-media/${key.replace('.jpg', `-${w}.webp`)}`)?.type).toBe('image/webp');
      expect(objects.get(`/pool-media/${key.replace('.jpg', `-${w}.avif`)}`)?.type).toBe('image/avif');
    }

    // Served through /uploads with our type, whatever the bucket says.
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(stored.body)).toBe(true);
    expect((await app.inject({ method: 'GET', url: displayUrls(url)[960] })).headers['content-type']).toBe(
      'image/webp',
    );
    expect((await app.inject({ method: 'GET', url: displayUrls(url, 'avif')[640] })).headers['content-type']).toBe(
      'image/avif',
    );

    const missing = await app.inject({ method: 'GET', url: '/uploads/users/ffffffffffffffffffffffffffffffff.png' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ key: 'notFound', data: null });
    // Invalid keys never reach the bucket.
    log.length = 0;
    expect((await app.inject({ method: 'GET', url: '/uploads/..%2fpool-media%2fx.png' })).statusCode).toBe(404);
    expect(log).toEqual([]);

    await deleteImage(app, url);
    expect([...objects.keys()].filter((k) => k.includes(key.slice(6, 38)))).toEqual([]);
  });

  it('leaves nothing behind when the bucket fails part-way', async () => {
    failPuts = true;
    const before = objects.size;
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    await expect(
      storeImage(app, { field: 'image', filename: 'a.png', mimetype: 'image/png', data: png }, 'users'),
    ).rejects.toThrow(/S3 PUT .* failed: HTTP 500/);
    expect(objects.size).toBe(before);
    expect(log.filter((l) => l.startsWith('DELETE'))).toHaveLength(7); // the original and its 6 display copies
  });

  it('uses the public bucket URL when one is configured, and rejects bad credentials', async () => {
    const cdn = s3Storage({
      endpoint,
      bucket: 'pool-media',
      region: REGION,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET,
      publicUrl: 'https://cdn.example.com/media/',
    });
    expect(cdn.publicUrl('banners/abc.png')).toBe('https://cdn.example.com/media/banners/abc.png');
    const wrong = s3Storage({
      endpoint,
      bucket: 'pool-media',
      region: REGION,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: 'wrong',
    });
    await expect(wrong.put('banners/abc.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/HTTP 403/);
    await expect(cdn.put('../abc.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/invalid storage key/);
  });
});
