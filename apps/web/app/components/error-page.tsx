import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { langFromPath, localePath } from '../lib/lang.ts';

/** The 404 page ('Page not found: {path}') and the 500 page ('Internal Server Error'). */
export function ErrorPage({ kind, path }: { kind: 'notFound' | 'server'; path: string }) {
  const { t } = useTranslation();
  const lang = langFromPath(useLocation().pathname);
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1} c="cyan.8" fz={72}>
          {kind === 'notFound' ? '404' : '500'}
        </Title>
        <Title order={2}>{kind === 'notFound' ? t('common.page_not_found_title') : t('common.server_error')}</Title>
        {kind === 'notFound' && (
          <Text c="dimmed" data-testid="not-found-message">
            {t('common.page_not_found', { path: lang === 'ar' ? `\u2066${path}\u2069` : path })}
          </Text>
        )}
        <Button component={Link} to={localePath(lang, '/')} reloadDocument={kind === 'server'}>
          {t('common.go_home')}
        </Button>
      </Stack>
    </Container>
  );
}

/** An error boundary's page: the 404 page for a 404 answer, else the 500 page (logged). */
export function RouteErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return <ErrorPage kind={notFound ? 'notFound' : 'server'} path={location.pathname} />;
}
