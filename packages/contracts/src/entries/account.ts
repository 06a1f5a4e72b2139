/** `@pool/contracts/account`. The customer's account: sign-in, sign-up, profile and phone change, the session cookie and the site context. */
export * from '../account.ts';
export * from '../site-session.ts';
export * from '../site-context.ts';
