/** `@pool/contracts/complaints`. Complaints and inquiries: bodies, the state machine, items and details. */
export * from '../complaints.ts';
