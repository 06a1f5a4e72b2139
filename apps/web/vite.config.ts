import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { mantineStylesPerComponent } from './mantine-styles.ts';

export default defineConfig({
  plugins: [mantineStylesPerComponent(), reactRouter()],
  // Workspace packages are TypeScript sources: bundle them into the server build.
  ssr: { noExternal: ['@pool/contracts', '@pool/i18n'] },
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
});
