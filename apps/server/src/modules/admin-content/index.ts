/** The admin-content module's public file: what other modules may use (the boundary is checked by .dependency-cruiser.cjs). */
export * from './resource.ts';
export { findRow, insertRow, listRows, updateRow } from './service.ts';
