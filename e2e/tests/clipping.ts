import { expect, type Locator } from '@playwright/test';

/**
 * Fails when any text inside `area` is cut off: an element (the area or one inside it) whose
 * content is wider than its box while it hides the overflow (a button's label, a badge, a
 * truncated line). Names the first few cut ones. Looked at again until the layout settles (after
 * a resize, a scrolling box learns that it scrolls on its next render).
 */
export async function expectNothingClipped(area: Locator) {
  await expect
    .poll(
      () =>
        area.evaluate((root) =>
          [root, ...root.querySelectorAll('*')]
            .filter((el) => {
              const style = getComputedStyle(el);
              if (style.overflowX === 'visible' || style.display === 'none') return false;
              // Form fields scroll their own text; the page's scrolling boxes scroll on purpose.
              if (['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || style.overflowX === 'auto') return false;
              return el.scrollWidth > el.clientWidth + 1 && (el.textContent ?? '').trim() !== '';
            })
            .slice(0, 5)
            .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${(el.textContent ?? '').trim().slice(0, 60)}`),
        ),
      'text cut off',
    )
    .toEqual([]);
}
