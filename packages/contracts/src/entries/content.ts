/** `@pool/contracts/content`. The site's public content: settings, home page, contact us. */
export * from '../content.ts';
