import { useRouteLoaderData } from 'react-router';
import type { loader } from '../root.tsx';

/** Data of the root loader: settings, viewer, notification count. */
export function useRoot() {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data) throw new Error('root loader data is missing');
  return data;
}
