/** `@pool/contracts/notifications`. Notifications: the types and their catalogue, the list API and browser push. */
export * from '../notifications.ts';
export * from '../notifications-api.ts';
export * from '../notification-catalogue.ts';
export * from '../push.ts';
