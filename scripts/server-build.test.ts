/**
 * The compiled server (scripts/build-server.ts, ADR 0030): the server and every package it imports are
 * built, each `src` into its `build` at the same depth, and under the `pool-build` condition (runtime.ts)
 * each export names the build of the source it names otherwise.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT as root, serverWorkspaces as builtWorkspaces } from './server-workspaces.ts';

const json = <T>(path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as T;

/** Every `.ts` file under `dir`, recursively. */
const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

/** The workspace folders of the `@pool/*` packages imported from `dir`'s sources (tests aside). */
function importedPackages(dir: string): string[] {
  const names = new Set<string>();
  for (const file of sources(dir).filter((f) => !f.endsWith('.test.ts'))) {
    for (const [, name] of readFileSync(join(root, file), 'utf8').matchAll(/from '@pool\/([a-z0-9-]+)/g))
      names.add(name!);
  }
  return [...names].map((name) => `packages/${name}`).sort();
}

type Exports = Record<string, string | Record<string, string>>;
const serverWorkspaces = ['apps/server', ...importedPackages('apps/server/src')];

describe('the compiled server', () => {
  it('builds exactly the server and the packages it imports', () => {
    expect(serverWorkspaces).toEqual(['apps/server', 'packages/contracts', 'packages/db', 'packages/i18n']);
    expect(builtWorkspaces().sort()).toEqual(serverWorkspaces);
  });

  it("the image's last stage copies each build from the build stage", () => {
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    for (const workspace of serverWorkspaces) {
      expect(dockerfile, workspace).toContain(`COPY --from=build /app/${workspace}/build ./${workspace}/build`);
    }
  });

  it.each(serverWorkspaces)('%s is built from src into build, tests aside', (workspace) => {
    const config = json<{ compilerOptions: Record<string, unknown>; exclude: string[] }>(
      `${workspace}/tsconfig.build.json`,
    );
    expect(config.compilerOptions).toMatchObject({ noEmit: false, rootDir: 'src', outDir: 'build' });
    expect(config.compilerOptions.rewriteRelativeImportExtensions).toBe(true);
    expect(config.exclude).toContain('src/**/*.test.ts');
  });

  it.each(serverWorkspaces)("%s's exports name their builds under the pool-build condition", (workspace) => {
    const exports = json<{ exports: Exports }>(`${workspace}/package.json`).exports;
    for (const [path, target] of Object.entries(exports)) {
      expect(typeof target, path).toBe('object');
      const { 'pool-build': built, default: source } = target as Record<string, string>;
      expect(source, path).toMatch(/^\.\/src\/.+\.ts$/);
      expect(built, path).toBe(source!.replace(/^\.\/src\//, './build/').replace(/\.ts$/, '.js'));
      // The condition comes first: Node takes the first one it knows.
      expect(Object.keys(target)[0], path).toBe('pool-build');
    }
  });
});
