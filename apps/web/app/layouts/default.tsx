import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AuthGuardDialog, useAuthGuard } from '../components/auth-guard.tsx';
import { Footer } from '../components/layout/footer.tsx';
import { Header } from '../components/layout/header.tsx';
import { SiteLiveAlerts } from '../components/live-alerts.tsx';

/** The `default` layout: header, page, footer; (auth) pages are guarded. */
export default function DefaultLayout() {
  const { t } = useTranslation();
  const guard = useAuthGuard();
  return (
    <Box style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        {t('nav.skip_to_content')}
      </a>
      <Header />
      <Box component="main" id="main" style={{ flex: 1 }} tabIndex={-1}>
        {guard.here ? null : <Outlet />}
      </Box>
      <Footer />
      <AuthGuardDialog guard={guard} />
      <SiteLiveAlerts />
    </Box>
  );
}
