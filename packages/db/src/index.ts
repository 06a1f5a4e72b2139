export * from './client.ts';
export * from './factories.ts';
export * as tables from './schema/index.ts';
export { seed, DEMO_CUSTOMER, DEFAULT_SETTINGS, type SeedOptions } from './seed.ts';
export {
  seedCatalogue,
  DEMO_PRODUCT_COUNT,
  type DemoIcon,
  type DemoImage,
  type DemoImageMaker,
} from './seed-catalogue.ts';
