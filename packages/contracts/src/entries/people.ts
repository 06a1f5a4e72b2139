/** `@pool/contracts/people`. Dashboard only: admins, roles, app users, the audit log, engineers and technicians with their visits calendar. */
export * from '../people.ts';
export * from '../staff.ts';
export * from '../visits-calendar.ts';
