import { data, redirect } from 'react-router';
import { ErrorPage } from '../components/error-page.tsx';
import { langFromPath, localePath, pagePath, stripLang } from '../lib/lang.ts';
import type { Route } from './+types/not-found';

/** Addresses people type by habit for a page the spec puts elsewhere: sent on, in the same language. */
const HABITS: Record<string, string> = {
  '/login': '/auth/login',
  '/signin': '/auth/login',
  '/sign-in': '/auth/login',
  '/register': '/auth/register',
  '/signup': '/auth/register',
  '/sign-up': '/auth/register',
  '/cart': '/shopping_cart',
  '/wallet': '/more/wallet',
};

export function loader({ request }: Route.LoaderArgs) {
  const path = pagePath(request);
  const habit = HABITS[stripLang(path).toLowerCase().replace(/\/$/, '')];
  if (habit) throw redirect(localePath(langFromPath(path), habit) + new URL(request.url).search, 301);
  return data({ path }, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <ErrorPage kind="notFound" path={loaderData.path} />;
}
