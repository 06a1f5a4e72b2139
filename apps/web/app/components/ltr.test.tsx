import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Ltr } from './ltr.tsx';

describe('Ltr', () => {
  it('isolates its text left to right', () => {
    expect(renderToStaticMarkup(<Ltr>SA03 8000 0000 6080 1016 7519</Ltr>)).toBe(
      '<bdi dir="ltr">SA03 8000 0000 6080 1016 7519</bdi>',
    );
  });
});
