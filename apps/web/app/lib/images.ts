/**
 * Pictures stored by the upload pipeline (apps/server uploads `storeImage`):
 * beside each original `<folder>/<32 hex>.<jpg|png|gif|webp>` are WebP copies
 * `<name>-320.webp` and `<name>-960.webp` (never wider than the original), in
 * the local storage (`/uploads/…`) and in a public bucket (`S3_PUBLIC_URL`).
 */
const STORED = /^(.*\/[a-z0-9-]+\/[0-9a-f]{32})\.(?:jpg|png|gif|webp)$/;

/** The `srcset` of the WebP display sizes of a stored image; null for any other URL (seed files, links). */
export function webpSrcSet(src: string): string | null {
  const m = STORED.exec(src);
  return m ? `${m[1]}-320.webp 320w, ${m[1]}-960.webp 960w` : null;
}

/**
 * How an `<img>` loads: the page's main (LCP) picture is fetched first and
 * never lazily; every other one lazily, decoded off the main thread.
 */
export const imageLoading = (priority: boolean) =>
  priority ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy', decoding: 'async' } as const);
