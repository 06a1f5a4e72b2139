/**
 * The text colour of a light (tinted) badge or button of `color`: the colour's darkest shade, or
 * near-black where that shade is too light on its own tint for small text (WCAG AA, 4.5:1).
 */
export const badgeText = (color: string) =>
  ['teal', 'green', 'yellow', 'orange', 'grape', 'lime'].includes(color) ? 'dark.7' : `${color}.9`;
