/** The chat module's public file: what other modules may use (the boundary is checked by .dependency-cruiser.cjs). */
export { chatNotifications } from './service.ts';
