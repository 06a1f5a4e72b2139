/** What other features may use of the maintenance pieces (the boundary is checked by .dependency-cruiser.cjs). */
export { ImageUploads } from './image-uploads.tsx';
export { PayDialog, type PayMethod } from './pay-dialog.tsx';
export { RatingStars } from './rating-stars.tsx';
