export * from './client.ts';
export { prepared } from './prepared.ts';
export * from './errors.ts';
export * from './jobs.ts';
export type { RevokeReason } from './schema/columns.ts';
export * from './factories.ts';
export * as tables from './schema/index.ts';
export { CONSTRUCTION_PRICES_KEY, type ConstructionPricesSetting } from './schema/construction.ts';
export { seed, DEMO_CUSTOMER, DEMO_TECHNICIAN, DEFAULT_SETTINGS, type SeedOptions } from './seed.ts';
export { seedCatalogue, DEMO_PRODUCT_COUNT, type DemoImage, type DemoImageMaker } from './seed-catalogue.ts';
export type { DemoIcon } from './seed-catalogue-model.ts';
export { seedPackages } from './seed-packages.ts';
export { seedServices } from './seed-services.ts';
export {
  seedConstruction,
  seedConstructionPrices,
  DEFAULT_CONSTRUCTION_PRICES,
  DEMO_ENGINEER,
} from './seed-construction.ts';
