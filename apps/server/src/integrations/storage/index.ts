import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { localStorage } from './local.ts';
import { s3Storage } from './s3.ts';
import type { Storage } from './types.ts';

export type { Storage, StoredFile } from './types.ts';
export { isStorageKey, IMMUTABLE_CACHE } from './types.ts';

export function createStorage(config: Config): Storage {
  if (config.STORAGE_DRIVER === 's3') {
    return s3Storage({
      endpoint: config.S3_ENDPOINT!,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  return localStorage(join(config.dataDir, 'uploads'));
}

const byConfig = new WeakMap<Config, Storage>();

/** The storage of an app (one per configuration, made on first use). */
export function storageFor(app: { config: Config }): Storage {
  let storage = byConfig.get(app.config);
  if (!storage) byConfig.set(app.config, (storage = createStorage(app.config)));
  return storage;
}
