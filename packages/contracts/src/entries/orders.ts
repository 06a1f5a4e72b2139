/** `@pool/contracts/orders`. Orders: the state machines of every kind and the store orders' lists, details and invoices. */
export * from '../order-machines.ts';
export * from '../store-orders.ts';
