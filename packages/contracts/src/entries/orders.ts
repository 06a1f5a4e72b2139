/** `@pool/contracts/orders`. Orders: the state machines of every kind and the store orders' lists, details and invoices; the refund of any kind. */
export * from '../order-machines.ts';
export * from '../store-orders.ts';
export * from '../order-refund.ts';
