/**
 * Mantine's styles per component in the production build (issue 13): a page loads the CSS of the
 * Mantine components its JavaScript holds, not all of @mantine/core/styles.css (254 KB).
 *
 * - Each component's class-name module (`@mantine/core/esm/{components,utils}/<X>/<X>.module.mjs`)
 *   imports `@mantine/core/styles/<X>.css`, so the CSS goes into the chunk that holds the
 *   component: a dashboard-only component's styles reach the dashboard's pages only.
 * - The chunks' stylesheets load in an order of their own (a chunk's CSS may come before the CSS of
 *   a chunk it imports: Button before UnstyledButton, whose reset would then win), so each file is
 *   put in a cascade layer of its own, `mantine.<X>`, and `@mantine/core/styles.css` (imported once
 *   by root.tsx) becomes the layers' order, as in Mantine's full stylesheet, then its global part
 *   (baseline, default CSS variables, global classes) in `mantine.global`. The site's own
 *   stylesheets are not in a layer: they override Mantine's, as when they came after it.
 * - The default variables of the dark colour scheme are left out: the site is light only.
 *
 * The development server keeps the whole file: its pre-bundled @mantine/core is not transformed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const allStylesFile = require.resolve('@mantine/core/styles.css');
const stylesDir = join(dirname(allStylesFile), 'styles');
/** What every page needs whichever components it uses (Mantine's "Global styles" page). */
const GLOBAL_FILES = ['baseline', 'default-css-variables', 'global'];

const ALL_STYLES = /[\\/]@mantine[\\/]core[\\/]styles\.css$/;
const CLASS_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:components|utils)[\\/](?:.+[\\/])?(\w+)\.module\.mjs$/;
const COMPONENT_STYLES = /[\\/]@mantine[\\/]core[\\/]styles[\\/](\w+)\.css\?mantine-layer$/;

const readStyles = (name: string) => readFileSync(join(stylesDir, `${name}.css`), 'utf8');

/** Mantine's default variables of the dark colour scheme (default-css-variables.css). */
const DARK_VARIABLES =
  /:root\[data-mantine-color-scheme='dark'\],\s*:host\(\[data-mantine-color-scheme='dark'\]\)\s*\{[^}]*\}/;
/**
 * A global stylesheet as the site uses it. The site has one colour scheme, light (root.tsx): the dark one's
 * variables, 10 KB, would be dead CSS in every first visit's inline styles, parsed before the first paint.
 */
function globalStyles(name: string): string {
  const css = readStyles(name);
  if (name !== 'default-css-variables') return css;
  const lightOnly = css.replace(DARK_VARIABLES, '');
  if (lightOnly === css) throw new Error("Mantine's dark-scheme variables not found: update DARK_VARIABLES");
  return lightOnly;
}

/** The components' stylesheets in the order of Mantine's full stylesheet (each file is a part of it). */
function componentOrder(): string[] {
  const all = readFileSync(allStylesFile, 'utf8');
  const names = readdirSync(stylesDir)
    .filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))
    .map((f) => f.slice(0, -'.css'.length))
    .filter((name) => !GLOBAL_FILES.includes(name));
  const at = new Map(names.map((name) => [name, all.indexOf(readStyles(name).trim())]));
  const missing = names.filter((name) => at.get(name)! < 0);
  if (missing.length) throw new Error(`Mantine stylesheets not found in styles.css: ${missing.join(', ')}`);
  return names.sort((a, b) => at.get(a)! - at.get(b)!);
}

export function mantineStylesPerComponent(): Plugin {
  let order: string[] = [];
  return {
    name: 'pool:mantine-styles-per-component',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      order = componentOrder();
    },
    load(id) {
      if (ALL_STYLES.test(id)) {
        const layers = ['mantine.global', ...order.map((name) => `mantine.${name}`)];
        return `@layer ${layers.join(', ')};\n@layer mantine.global {\n${GLOBAL_FILES.map(globalStyles).join('\n')}\n}\n`;
      }
      const component = COMPONENT_STYLES.exec(id)?.[1];
      if (component) return `@layer mantine.${component} {\n${readStyles(component)}\n}\n`;
      return null;
    },
    transform(code, id) {
      const component = CLASS_MODULE.exec(id.split('?')[0]!)?.[1];
      if (!component) return null;
      if (!order.includes(component)) this.error(`no Mantine stylesheet for ${component} (${id})`);
      const css = join(stylesDir, `${component}.css`);
      return { code: `import ${JSON.stringify(`${css}?mantine-layer`)};\n${code}`, map: null };
    },
  };
}
