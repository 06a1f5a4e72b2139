import { data } from 'react-router';
import { ErrorPage } from '../components/error-page.tsx';
import { pagePath } from '../lib/lang.ts';
import type { Route } from './+types/not-found';

export function loader({ request }: Route.LoaderArgs) {
  return data({ path: pagePath(request) }, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <ErrorPage kind="notFound" path={loaderData.path} />;
}
