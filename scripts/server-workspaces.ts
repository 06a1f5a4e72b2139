/**
 * The workspaces compiled for a production server (ADR 0030): those with a `tsconfig.build.json`, each
 * emitted from its `src` into its `build`. scripts/build-server.ts builds them, scripts/build-when-stale.ts
 * watches them, scripts/server-build.test.ts checks they are the server and every package it imports.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

export const serverWorkspaces = (): string[] =>
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces.filter((w) =>
    existsSync(join(ROOT, w, 'tsconfig.build.json')),
  );
