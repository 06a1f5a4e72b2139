/** `@pool/contracts/construction-admin`. Dashboard only: design types, colours, prices and the construction orders' console. */
export * from '../construction-admin.ts';
