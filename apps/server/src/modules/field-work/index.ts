/**
 * The field-work module's public file: what other modules may use (the boundary is checked by
 * .dependency-cruiser.cjs): the completion check, the paid handler of `order_extra` payments,
 * the readers of extras, report and rating for the order pages, and a place without its city.
 */
export {
  assertNoOpenExtras,
  EXTRA_PAY_DEADLINE_JOB,
  expireUnpaidExtra,
  expireUnpaidExtras,
  extraPaid,
  listExtras,
  type ExtraPayDeadline,
} from './extras.ts';
export { phoneOf, withoutCity } from './day.ts';
export { finish } from './moves.ts';
export { readReport } from './report.ts';
export { canRateStaff, evaluationOf, rateStaff, ratingsOf, staffCardOf } from './ratings.ts';
