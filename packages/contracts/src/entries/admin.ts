/** `@pool/contracts/admin`. Dashboard only: admin sign-in and profile, the permission model, and the notification send form with its streams. */
export * from '../admin.ts';
export * from '../realtime.ts';
