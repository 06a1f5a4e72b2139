/**
 * Everything, for the server and its tests. The web app imports the sub-paths
 * instead (`@pool/contracts/store`, ...: src/entries, one per domain), so a page
 * loads only the schemas it uses and the customer site never the dashboard's.
 */
export * from './entries/core.ts';
export * from './entries/account.ts';
export * from './entries/content.ts';
export * from './entries/store.ts';
export * from './entries/cart.ts';
export * from './entries/orders.ts';
export * from './entries/wallet.ts';
export * from './entries/maintenance.ts';
export * from './entries/notifications.ts';
export * from './entries/field-work.ts';
export * from './entries/chat.ts';
export * from './entries/admin.ts';
export * from './entries/people.ts';
export * from './entries/catalogue.ts';
export * from './entries/cms.ts';
export * from './entries/coupons.ts';
export * from './entries/service-items.ts';
export * from './entries/complaints.ts';
export * from './entries/packages.ts';
export * from './entries/construction.ts';
export * from './entries/construction-admin.ts';
