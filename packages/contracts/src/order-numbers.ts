/**
 * Order numbers (`M2611-00042`): apart from the state machines, so a page that shows one carries only this
 * (order-machines.ts checks that every kind has its letter).
 */

/** The first letter of an order's number, e.g. `M2611-00042` for a maintenance order. */
export const ORDER_NUMBER_PREFIX = {
  store: 'S',
  immediate_maintenance: 'M',
  package_subscription: 'P',
  pool_construction: 'C',
  package_visit: 'V',
} as const;

/** An order number inside a text, as a split's capture: `text.split(ORDER_NUMBER_IN_TEXT)` puts the numbers at odd places. */
export const ORDER_NUMBER_IN_TEXT = new RegExp(
  `\\b([${Object.values(ORDER_NUMBER_PREFIX).join('')}]\\d{4}-\\d{5,})\\b`,
);
