/** What other features may use of the maintenance pieces (the boundary is checked by .dependency-cruiser.cjs). */
export { ImageUploads } from './image-uploads.tsx';
