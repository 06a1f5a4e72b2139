/** The push module's public file: what other modules may use (the boundary is checked by .dependency-cruiser.cjs). */
export { pushNotifications, registerDevice } from './service.ts';
export { deliverDuePushes } from './worker.ts';
