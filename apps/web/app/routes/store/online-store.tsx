import type { Route } from './+types/online-store';
import { apiFor } from '../../lib/api.server.ts';
import { stripLang } from '../../lib/lang.ts';
import { StoreListing } from '../../features/store/listing.tsx';
import { loadListing } from '../../features/store/load.server.ts';
import { listingMeta } from '../../features/store/meta.ts';
import { SEARCH_PATH } from '../../features/store/paths.ts';

/** `/online_store` and `/name_online_store` (the same list, opened on its search box). */
export const meta: Route.MetaFunction = (args) =>
  listingMeta(
    args,
    stripLang(args.location.pathname) === SEARCH_PATH ? 'store.search_title' : 'store.title',
    args.loaderData,
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadListing(await apiFor(context, request), new URL(request.url));
}

export default function OnlineStore({ loaderData }: Route.ComponentProps) {
  return <StoreListing listing={loaderData} />;
}
