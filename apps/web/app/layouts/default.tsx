import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AuthGuardDialog, useAuthGuard } from '../components/auth-guard.tsx';
import { RouteErrorPage } from '../components/error-page.tsx';
import { Footer } from '../components/layout/footer.tsx';
import { Header } from '../components/layout/header.tsx';
import { SiteLiveAlerts } from '../components/live-alerts.tsx';

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

/** The `default` layout: header, page, footer; (auth) pages are guarded. */
export default function DefaultLayout() {
  const guard = useAuthGuard();
  return (
    <>
      <Shell>{guard.here ? null : <Outlet />}</Shell>
      <AuthGuardDialog guard={guard} />
      <SiteLiveAlerts />
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
