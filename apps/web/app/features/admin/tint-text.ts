/** The dashboard's name for the site's readable tint text (lib/tint-text.ts), shared with the staff view. */
export { badgeText } from '../../lib/tint-text.ts';
