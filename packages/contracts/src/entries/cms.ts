/** `@pool/contracts/cms`. Dashboard only: content management (countries, cities, banners, FAQ, SEO, settings, contact messages). */
export * from '../cms.ts';
