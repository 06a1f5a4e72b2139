/** `@pool/contracts/catalogue`. Dashboard only: the catalogue's brands, categories, features and products with their approvals. */
export * from '../catalogue-resources.ts';
export * from '../catalogue-products.ts';
