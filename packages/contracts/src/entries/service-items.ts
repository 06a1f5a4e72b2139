/** `@pool/contracts/service-items`. Spare parts and extra services: the dashboard's catalogue and the active items the offer editor and the staff's pages pick from. */
export * from '../service-items.ts';
