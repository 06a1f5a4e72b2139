/** The payments module's public file: what other modules may use (the boundary is checked by .dependency-cruiser.cjs). */
export * from './service.ts';
