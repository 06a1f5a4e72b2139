/** `@pool/contracts/people`. Dashboard only: admins, roles, app users, the audit log, engineers and technicians. */
export * from '../people.ts';
export * from '../staff.ts';
