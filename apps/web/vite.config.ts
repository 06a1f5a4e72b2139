import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { mantineStylesPerComponent } from './mantine-styles.ts';

export default defineConfig({
  plugins: [mantineStylesPerComponent(), reactRouter()],
  ssr: {
    // Workspace packages are TypeScript sources: bundle them into the server build. Tabler's icons too, so
    // that only the icons the pages use are loaded: its whole bundle costs a process 50-65 MB (ADR 0024, "Memory").
    noExternal: ['@pool/contracts', '@pool/i18n', '@tabler/icons-react'],
  },
  optimizeDeps: {
    include: [
      '@mantine/core',
      '@mantine/dates',
      '@mantine/hooks',
      '@mantine/form',
      '@mantine/notifications',
      '@mantine/modals',
      '@mantine/dropzone',
      '@mantine/tiptap',
      '@tiptap/react',
      '@tiptap/starter-kit',
      '@tabler/icons-react',
      'i18next',
      'react-i18next',
      'zod',
      'ibantools',
    ],
  },
  build: { sourcemap: false },
  environments: {
    // The server build in ASCII (its Arabic text as \u escapes, no comments): V8 keeps a module's source for the
    // process's life, one byte a character when all of it is ASCII and two otherwise (4.3 MB before, 2.0 now).
    ssr: { build: { rolldownOptions: { output: { charset: 'ascii', comments: false } } } },
  },
});
