/** The account module's public file: what other modules may use (the boundary is checked by .dependency-cruiser.cjs). */
export * from './limits.ts';
export * from './otp.ts';
export * from './phone-change.ts';
export { assertSmsAllowed, normalizePhone, type Phone } from './phones.ts';
export * from './profile.ts';
export * from './sign-in.ts';
export * from './sms-cap.ts';
export { sendCode, type CodeSent, type SendInput } from './sms-codes.ts';
export * from './user.ts';
