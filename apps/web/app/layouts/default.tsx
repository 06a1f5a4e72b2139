import { lazy, Suspense } from 'react';
import { Box } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AuthGuardDialog, useGuardedHere } from '../components/auth-guard.tsx';
import { RouteErrorPage } from '../components/error-page.tsx';
import { Footer } from '../components/layout/footer.tsx';
import { Header } from '../components/layout/header.tsx';
import { useRoot } from '../lib/use-root.ts';

// A signed-in customer's live alerts: their code loads after the page, and never for a visitor.
const SiteLiveAlerts = lazy(() => import('../components/live-alerts.tsx').then((m) => ({ default: m.SiteLiveAlerts })));

/** Header, page, footer. */
function Shell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        {t('nav.skip_to_content')}
      </a>
      <Header />
      <Box component="main" id="main" style={{ flex: 1 }} tabIndex={-1}>
        {children}
      </Box>
      <Footer />
    </Box>
  );
}

/**
 * A signed-in customer's live alerts, once the page is in the browser. Its own component: the state that
 * `useMounted` sets right after hydration re-renders this alone, not the header, page and footer.
 */
function LiveAlertsAfterMount() {
  const { viewer } = useRoot();
  const mounted = useMounted();
  if (!mounted || viewer?.kind !== 'user') return null;
  return (
    <Suspense fallback={null}>
      <SiteLiveAlerts />
    </Suspense>
  );
}

/** The `default` layout: header, page, footer; (auth) pages are guarded. */
export default function DefaultLayout() {
  const here = useGuardedHere();
  return (
    <>
      <Shell>{here ? null : <Outlet />}</Shell>
      <AuthGuardDialog here={here} />
      <LiveAlertsAfterMount />
    </>
  );
}

/** A page's error (its 404 among them) inside the site's header and footer. */
export function ErrorBoundary() {
  return (
    <Shell>
      <RouteErrorPage />
    </Shell>
  );
}
