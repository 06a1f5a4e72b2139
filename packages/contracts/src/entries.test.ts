/**
 * The package's sub-path entries (src/entries, package.json `exports`): every module
 * belongs to exactly one, and the customer site's entries never reach a dashboard
 * module at run time (type imports aside), so a customer page never loads its schemas.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const src = new URL('./', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, src), 'utf8');
const entryNames = readdirSync(new URL('entries/', src)).map((f) => f.replace(/\.ts$/, ''));
/** Shared pieces that a module imports but the package does not export. */
const INTERNAL = ['catalogue-fields'];
/** The entries only the dashboard imports. */
const DASHBOARD_ENTRIES = ['admin', 'people', 'catalogue', 'cms', 'coupons', 'construction-admin'];

const modulesOf = (entry: string) =>
  [...read(`entries/${entry}.ts`).matchAll(/export \* from '\.\.\/([\w-]+)\.ts'/g)].map((m) => m[1]!);

/** Modules a module imports for their values (`import type` and `type` specifiers aside). */
function valueImports(module: string): string[] {
  const out: string[] = [];
  for (const m of read(`${module}.ts`).matchAll(/^import (type )?\{([^}]*)\} from '\.\/([\w-]+)\.ts';/gm)) {
    const names = m[2]!.split(',').map((n) => n.trim());
    if (!m[1] && names.some((n) => n && !n.startsWith('type '))) out.push(m[3]!);
  }
  return out;
}

describe('sub-path entries', () => {
  it('export every module exactly once, and package.json names each entry', () => {
    const modules = readdirSync(src)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts')
      .map((f) => f.replace(/\.ts$/, ''))
      .filter((m) => !INTERNAL.includes(m));
    expect(entryNames.flatMap(modulesOf).sort()).toEqual(modules.sort());
    // Each names its source, and its build for a production server (ADR 0030).
    const exports = JSON.parse(read('../package.json')).exports as Record<string, Record<string, string>>;
    expect(Object.keys(exports).sort()).toEqual(['.', ...entryNames.map((e) => `./${e}`)].sort());
    for (const e of entryNames) {
      expect(exports[`./${e}`]).toEqual({ 'pool-build': `./build/entries/${e}.js`, default: `./src/entries/${e}.ts` });
    }
  });

  it("keep the customer site's entries clear of the dashboard's modules", () => {
    const dashboard = new Set(DASHBOARD_ENTRIES.flatMap(modulesOf));
    for (const entry of entryNames.filter((e) => !DASHBOARD_ENTRIES.includes(e))) {
      const seen = new Set<string>();
      const visit = (module: string, path: string[]) => {
        expect(dashboard.has(module), `${entry}: ${[...path, module].join(' -> ')}`).toBe(false);
        if (seen.has(module)) return;
        seen.add(module);
        for (const next of valueImports(module)) visit(next, [...path, module]);
      };
      for (const module of modulesOf(entry)) visit(module, []);
    }
  });
});
