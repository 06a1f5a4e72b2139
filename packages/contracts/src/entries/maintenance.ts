/** `@pool/contracts/maintenance`. Immediate maintenance: the request, the price offer, the order's details (site and dashboard). */
export * from '../maintenance.ts';
