import { describe, expect, it } from 'vitest';
import { imageProblem } from './image-uploads.tsx';

const picture = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });

describe('pictures picked in the browser', () => {
  it('takes jpg, png, gif and webp', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.JPEG', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.gif', 'image/gif'],
      ['phone.webp', 'image/webp'],
    ])
      expect(imageProblem(picture(name!, type!)), name).toBeNull();
  });

  it('refuses other files and too large pictures', () => {
    expect(imageProblem(picture('a.svg', 'image/svg+xml'))).toBe('validation.image');
    expect(imageProblem(picture('a.pdf', 'application/pdf'))).toBe('validation.image');
    expect(imageProblem(picture('a.webp', 'image/webp', 6 * 1024 * 1024))).toBe('validation.image_too_large');
  });
});
