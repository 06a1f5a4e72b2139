/** What a service request's action does with the place: a new saved address (the location field's dialog), and the fields sent. */
import type { apiFor } from '../../lib/api.server.ts';
import type { PathBody } from '../../lib/api.ts';
import { LOCATION_FIELDS } from './location-field.tsx';

/** The location's fields the form sent (only the chosen way's), as they came: the API validates them. */
export const sentLocation = (form: FormData) =>
  Object.fromEntries(LOCATION_FIELDS.filter((k) => form.has(k)).map((k) => [k, String(form.get(k) ?? '')]));

/** Saves the address the location field's dialog posted (`intent=address`). */
export function saveAddress(api: Awaited<ReturnType<typeof apiFor>>, form: FormData) {
  const { intent: _intent, ...body } = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  return api.POST('/api/user/addresses', { body: body as unknown as PathBody<'post', '/api/user/addresses'> });
}
