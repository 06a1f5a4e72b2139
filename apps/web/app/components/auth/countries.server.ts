import { apiFor, isSuccess } from '../../lib/api.server.ts';

/** Loader data of the pages with a phone number field: the countries it offers (empty when the API fails). */
export async function loadCountries({ request, context }: { request: Request; context: Parameters<typeof apiFor>[0] }) {
  const res = await (await apiFor(context, request)).GET('/api/user/countries');
  return { countries: isSuccess(res) ? res.data : [] };
}
