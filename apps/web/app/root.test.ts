import { describe, expect, it } from 'vitest';
import { links, meta } from './root.tsx';

describe("the site's head", () => {
  it('uses /img/logo_app.png as the icon, the apple-touch icon and the share image (spec section 1)', () => {
    expect(links()).toEqual([
      { rel: 'icon', href: '/img/logo_app.png', type: 'image/png' },
      { rel: 'apple-touch-icon', href: '/img/logo_app.png' },
    ]);
    const tags = meta({ loaderData: { origin: 'https://pools.example' }, location: { pathname: '/' } } as never);
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://pools.example/img/logo_app.png' });
  });
});
