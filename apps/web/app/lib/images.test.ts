import { describe, expect, it } from 'vitest';
import { imageLoading, webpSrcSet } from './images.ts';

describe('stored pictures', () => {
  it('are shown from their WebP display sizes, locally and from a public bucket', () => {
    const name = '0123456789abcdef0123456789abcdef';
    for (const ext of ['jpg', 'png', 'gif', 'webp'])
      expect(webpSrcSet(`/uploads/products/${name}.${ext}`)).toBe(
        `/uploads/products/${name}-320.webp 320w, /uploads/products/${name}-960.webp 960w`,
      );
    expect(webpSrcSet(`https://cdn.example.com/bucket/banners/${name}.png`)).toBe(
      `https://cdn.example.com/bucket/banners/${name}-320.webp 320w, https://cdn.example.com/bucket/banners/${name}-960.webp 960w`,
    );
  });

  it('leave other pictures as they are', () => {
    expect(webpSrcSet('/img/demo/banner-1.webp')).toBeNull();
    expect(webpSrcSet('/img/logo_app.png')).toBeNull();
    expect(webpSrcSet('/uploads/products/not-a-stored-name.jpg')).toBeNull();
    expect(webpSrcSet('/uploads/products/0123456789abcdef0123456789abcdef-320.webp')).toBeNull();
  });

  it('load the main picture first and the others lazily', () => {
    expect(imageLoading(true)).toEqual({ loading: 'eager', fetchPriority: 'high' });
    expect(imageLoading(false)).toEqual({ loading: 'lazy', decoding: 'async' });
  });
});
