/**
 * Writes app/styles/theme.css, the theme's CSS variables (app/theme-css.ts). Run after a change of
 * app/theme.ts or of Mantine, and commit the file: `node apps/web/scripts/theme-css.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderThemeCss } from '../app/theme-css.ts';

writeFileSync(join(import.meta.dirname, '..', 'app', 'styles', 'theme.css'), renderThemeCss());
