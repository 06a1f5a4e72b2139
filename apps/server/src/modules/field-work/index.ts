/**
 * The field-work module's public file: what other modules may use (the boundary is checked by
 * .dependency-cruiser.cjs): the completion check, the paid handler of `order_extra` payments,
 * and the readers of extras, report and rating for the order pages.
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
export { finish } from './moves.ts';
export { readReport } from './report.ts';
export { evaluationOf, rateStaff, staffCardOf } from './ratings.ts';
