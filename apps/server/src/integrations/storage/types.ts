import type { Readable } from 'node:stream';

/** A stored file read back: its bytes as a stream, with what serving needs. */
export type StoredFile = { body: Readable; contentType: string; size?: number };

/**
 * Where uploaded files live. Keys are relative paths like `users/3f9c…e1.jpg`,
 * always made by our code (see `isStorageKey`).
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** null when the key is invalid or nothing is stored under it. */
  get(key: string): Promise<StoredFile | null>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The URL clients use: `/uploads/<key>`, or the bucket's public URL. */
  publicUrl(key: string): string;
}

/** The only types ever stored, by extension; anything else is never served. */
export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

/**
 * `folder[/folder…]/name.ext` with lower-case folders, a plain file name and a
 * known extension: no `..`, no leading or doubled slashes, no backslashes.
 */
const KEY = /^(?:[a-z0-9-]+\/)+[A-Za-z0-9_-]+\.([a-z]+)$/;

export function isStorageKey(key: string): boolean {
  const ext = KEY.exec(key)?.[1];
  return ext !== undefined && ext in CONTENT_TYPES;
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** Cache headers of stored files: names are random and never reused. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
