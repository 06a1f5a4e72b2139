import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Ltr, WithOrderNumbers } from './ltr.tsx';

describe('Ltr', () => {
  it('isolates its text left to right', () => {
    expect(renderToStaticMarkup(<Ltr>SA03 8000 0000 6080 1016 7519</Ltr>)).toBe(
      '<bdi dir="ltr">SA03 8000 0000 6080 1016 7519</bdi>',
    );
  });

  it('keeps every order number in a text whole and left to right, the words around as they were', () => {
    const kept = '<bdi dir="ltr" style="white-space:nowrap">';
    expect(renderToStaticMarkup(<WithOrderNumbers text="تم قبول طلبك رقم M2611-00042، وطلب S2612-123456 أيضًا" />)).toBe(
      `تم قبول طلبك رقم ${kept}M2611-00042</bdi>، وطلب ${kept}S2612-123456</bdi> أيضًا`,
    );
    // Not an order number: another letter, too few digits, part of a longer word.
    for (const text of ['X2611-00042', 'M2611-0004', 'AM2611-00042', 'no number here']) {
      expect(renderToStaticMarkup(<WithOrderNumbers text={text} />)).toBe(text);
    }
  });
});
