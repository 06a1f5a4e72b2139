import {
  createTheme,
  darken,
  type CSSVariablesResolver,
  defaultVariantColorsResolver,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

// Shade 9 (#0b7285): white text on it and it on white reach WCAG AA 4.5:1 (shade 8 is 4.35:1).
const PRIMARY_SHADE = 9;

/**
 * A filled button's hover: Mantine lightens a shade 9 to shade 8 (white on cyan 8 is 4.34:1, under AA),
 * so the label under the pointer lost its contrast. Here a shade 9 darkens instead: in the colours' CSS
 * variables (a Button with neither `color` nor `variant` takes them) and for a component given a colour.
 */
const hoverOf = (shade9: string) => darken(shade9, 0.15);

export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: Object.fromEntries(
    Object.entries(theme.colors).map(([name, shades]) => [`--mantine-color-${name}-filled-hover`, hoverOf(shades[9])]),
  ),
  dark: {},
});

const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (input.variant !== 'filled') return resolved;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || (parsed.shade ?? PRIMARY_SHADE) !== 9) return resolved;
  return { ...resolved, hover: hoverOf(parsed.value) };
};

export const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: PRIMARY_SHADE,
  variantColorResolver,
  fontFamily: 'var(--app-font)',
  headings: { fontFamily: 'var(--app-font)', fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
});
