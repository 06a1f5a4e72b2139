/** `@pool/contracts/packages`. Scheduled maintenance: packages, subscriptions and their visits (site and dashboard). */
export * from '../packages.ts';
export * from '../package-subscriptions-admin.ts';
