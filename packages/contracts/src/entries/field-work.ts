/** `@pool/contracts/field-work`. The staff's work on site: their day, the moves, extra services, the visit report with water readings, ratings of staff. */
export * from '../field-work.ts';
export type { StaffOrderItem } from '../staff.ts';
