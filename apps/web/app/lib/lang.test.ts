import { describe, expect, it } from 'vitest';
import { langFromPath, localePath, pagePath, stripLang, switchLangPath } from './lang.ts';

describe('locale paths', () => {
  it('reads the language from the path', () => {
    expect(langFromPath('/')).toBe('ar');
    expect(langFromPath('/profile')).toBe('ar');
    expect(langFromPath('/en')).toBe('en');
    expect(langFromPath('/en/profile')).toBe('en');
    expect(langFromPath('/english')).toBe('ar');
  });

  it('builds and switches localized paths', () => {
    expect(stripLang('/en/settings/edit_profile')).toBe('/settings/edit_profile');
    expect(localePath('en', '/')).toBe('/en');
    expect(localePath('en', '/en/profile')).toBe('/en/profile');
    expect(localePath('ar', '/en/profile')).toBe('/profile');
    expect(switchLangPath('/contact_us', '?a=1')).toBe('/en/contact_us?a=1');
    expect(switchLangPath('/en', '')).toBe('/');
  });

  it('strips the data suffix of client navigations', () => {
    const path = (url: string) => pagePath(new Request(`http://x${url}`));
    expect(path('/_root.data')).toBe('/');
    expect(path('/en.data')).toBe('/en');
    expect(path('/en/notifications.data?page=2')).toBe('/en/notifications');
    expect(path('/notifications')).toBe('/notifications');
  });
});
