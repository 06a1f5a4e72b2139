/** The service-items module's public file: what other modules may use (the boundary is checked by .dependency-cruiser.cjs). */
export { getServiceItem, serviceItemOptions } from './service.ts';
