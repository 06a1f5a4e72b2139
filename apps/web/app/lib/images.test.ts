import { describe, expect, it } from 'vitest';
import { imageLoading, pictureSources } from './images.ts';

describe('pictures', () => {
  const name = '0123456789abcdef0123456789abcdef';
  const set = (base: string, format: string) =>
    `${base}-320.${format} 320w, ${base}-640.${format} 640w, ${base}-960.${format} 960w`;

  it('of uploads are shown from their AVIF, then WebP display sizes, locally and from a public bucket', () => {
    for (const ext of ['jpg', 'png', 'webp'])
      expect(pictureSources(`/uploads/products/${name}.${ext}`)).toEqual([
        { type: 'image/avif', srcSet: set(`/uploads/products/${name}`, 'avif') },
        { type: 'image/webp', srcSet: set(`/uploads/products/${name}`, 'webp') },
      ]);
    const bucket = `https://cdn.example.com/bucket/banners/${name}`;
    expect(pictureSources(`${bucket}.png`)).toEqual([
      { type: 'image/avif', srcSet: set(bucket, 'avif') },
      { type: 'image/webp', srcSet: set(bucket, 'webp') },
    ]);
  });

  it('of a GIF upload have WebP sizes only (an animation has no AVIF copy)', () => {
    expect(pictureSources(`/uploads/banners/${name}.gif`)).toEqual([
      { type: 'image/webp', srcSet: set(`/uploads/banners/${name}`, 'webp') },
    ]);
  });

  it('of the demo banners and intros have their sizes, the original being the widest WebP', () => {
    expect(pictureSources('/img/demo/banner-1.webp')).toEqual([
      {
        type: 'image/avif',
        srcSet:
          '/img/demo/banner-1-640.avif 640w, /img/demo/banner-1-960.avif 960w, /img/demo/banner-1-1200.avif 1200w',
      },
      {
        type: 'image/webp',
        srcSet: '/img/demo/banner-1-640.webp 640w, /img/demo/banner-1-960.webp 960w, /img/demo/banner-1.webp 1200w',
      },
    ]);
    expect(pictureSources('/img/demo/intro-3.webp')).toEqual([
      {
        type: 'image/avif',
        srcSet: '/img/demo/intro-3-320.avif 320w, /img/demo/intro-3-640.avif 640w, /img/demo/intro-3-800.avif 800w',
      },
      {
        type: 'image/webp',
        srcSet: '/img/demo/intro-3-320.webp 320w, /img/demo/intro-3-640.webp 640w, /img/demo/intro-3.webp 800w',
      },
    ]);
  });

  it('leave other pictures as they are', () => {
    for (const src of [
      '/img/logo_app.png',
      '/img/demo/construction/kidney.svg',
      '/img/demo/banner-1-640.webp',
      '/uploads/products/not-a-stored-name.jpg',
      `/uploads/products/${name}-320.webp`,
      `/uploads/products/${name}.avif`,
    ])
      expect(pictureSources(src), src).toEqual([]);
  });

  it('load the main picture first and the others lazily', () => {
    expect(imageLoading(true)).toEqual({ loading: 'eager', fetchPriority: 'high' });
    expect(imageLoading(false)).toEqual({ loading: 'lazy', decoding: 'async' });
  });
});
