import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { langFromPath, localePath, stripLang } from '../lib/lang.ts';

export type ErrorKind = 'notFound' | 'tooMany' | 'unavailable' | 'server';

const STATUS: Record<ErrorKind, number> = { notFound: 404, tooMany: 429, unavailable: 503, server: 500 };

/** The way out of an error page: the staff view's day inside the staff view, else the site's home. */
export function homeOf(pathname: string) {
  const staff = /^\/staff(\/|$)/.test(stripLang(pathname));
  return staff ? { path: '/staff', label: 'common.go_staff_day' } : { path: '/', label: 'common.go_home' };
}

/**
 * The 404 page ('Page not found: {path}'), the 429 page (too many requests, with the wait),
 * the 503 page (briefly unavailable, try again) and the 500 page ('Internal Server Error').
 */
export function ErrorPage({ kind, path, retryAfter }: { kind: ErrorKind; path: string; retryAfter?: number }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const lang = langFromPath(pathname);
  const home = homeOf(pathname);
  const title = {
    notFound: t('common.page_not_found_title'),
    tooMany: t('common.too_many_title'),
    unavailable: t('common.unavailable_title'),
    server: t('common.server_error'),
  }[kind];
  const text = {
    notFound: t('common.page_not_found', { path }),
    tooMany: t('common.too_many_wait', { count: retryAfter ?? 0 }),
    unavailable: t('common.unavailable_text'),
    server: null,
  }[kind];
  // After a wait the same page is worth another try; otherwise home is the way out.
  const retry = kind === 'tooMany' || kind === 'unavailable';
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1} c="cyan.8" fz={72}>
          {STATUS[kind]}
        </Title>
        <Title order={2}>{title}</Title>
        {text && (
          <Text c="dimmed" data-testid={kind === 'notFound' ? 'not-found-message' : 'error-message'}>
            {text}
          </Text>
        )}
        {retry ? (
          <Button component="a" href={path}>
            {t('common.try_again')}
          </Button>
        ) : (
          <Group justify="center">
            <Button
              component={Link}
              to={localePath(lang, home.path)}
              reloadDocument={kind === 'server'}
              data-testid="error-home"
            >
              {t(home.label)}
            </Button>
            {kind === 'notFound' && home.path === '/' && (
              <Button component={Link} to={localePath(lang, '/online_store')} variant="light" data-testid="error-store">
                {t('common.go_store')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Container>
  );
}

const KIND_OF_STATUS: Record<number, ErrorKind> = { 404: 'notFound', 429: 'tooMany', 503: 'unavailable' };

/** An error boundary's page: the page of the answer's status (404, 429, 503), else the 500 page (logged). */
export function RouteErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const response = isRouteErrorResponse(error) ? error : null;
  const kind = (response && KIND_OF_STATUS[response.status]) ?? 'server';
  // A refusal (4xx) is not a fault of the site; anything else is logged.
  if (kind === 'server' && !(response && response.status < 500)) console.error(error);
  // A 429 carries `{ retry_after }` (root loader).
  const retryAfter = Number((response?.data as { retry_after?: unknown } | null)?.retry_after) || undefined;
  return <ErrorPage kind={kind} path={location.pathname} retryAfter={retryAfter} />;
}
