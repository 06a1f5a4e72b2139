/**
 * JSON for a `<script type="application/ld+json">`: `<` escaped, so no text (an admin's FAQ,
 * a product name) can close the script tag.
 */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
