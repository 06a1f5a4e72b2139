/**
 * The slug of a product's address (`/online_store/{id}-{slug}`), made from its
 * English name and the same in both languages. The API sends it with every
 * product (`slug`) so the site and the apps link to the page directly.
 */

/** A URL-safe slug of a (Latin) name: lower case, `a-z0-9` words joined by `-`, at most 80 characters. */
export function slugify(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > 80) break;
    slug = next;
  }
  return slug;
}
