/** Files on the local disk under `<root>` (DATA_DIR/uploads), outside the code tree. */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve, sep } from 'node:path';
import { assertStorageKey, contentTypeOf, isStorageKey, type Storage } from './types.ts';

export function localStorage(root: string, publicBase = '/uploads'): Storage {
  const base = resolve(root);
  /** Keys are validated, and the resolved path must stay under the root anyway. */
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    return path.startsWith(base + sep) ? path : null;
  };
  return {
    async put(key, data) {
      assertStorageKey(key);
      const path = pathOf(key)!;
      await mkdir(dirname(path), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const tmp = join(dirname(path), `.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(tmp, data, { flag: 'wx' });
      await rename(tmp, path);
    },
    async get(key) {
      const path = isStorageKey(key) ? pathOf(key) : null;
      if (!path) return null;
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(path), contentType: contentTypeOf(key), size: info.size };
    },
    async delete(key) {
      assertStorageKey(key);
      await rm(pathOf(key)!, { force: true });
    },
    publicUrl: (key) => `${publicBase}/${key}`,
  };
}
