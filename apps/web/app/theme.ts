import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'cyan',
  // Shade 9 (#0b7285): white text on it and it on white reach WCAG AA 4.5:1 (shade 8 is 4.35:1).
  primaryShade: 9,
  fontFamily: 'var(--app-font)',
  headings: { fontFamily: 'var(--app-font)', fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
});
