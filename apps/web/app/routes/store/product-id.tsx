import { redirect } from 'react-router';
import type { Route } from './+types/product-id';
import { apiFor } from '../../lib/api.server.ts';
import { productAddress } from '../../features/store/load.server.ts';
import { ErrorBoundary } from './product.tsx';

/** `/online_store_id/{id}`: moves to the product's own address in the same language. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  throw redirect(await productAddress(await apiFor(context, request), new URL(request.url), params.id), 301);
}

export { ErrorBoundary };

export default function ProductById() {
  return null;
}
