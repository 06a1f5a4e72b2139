import { data } from 'react-router';

/** The `:id` of a page's URL as a positive whole number; anything else is the 404 page. */
export function routeId(params: { id?: string }): number {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}
