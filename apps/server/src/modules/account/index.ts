/** The account module's public file: what other modules may use (the boundary is checked by .dependency-cruiser.cjs). */
export * from './limits.ts';
export * from './otp.ts';
export * from './service.ts';
export * from './sms-cap.ts';
