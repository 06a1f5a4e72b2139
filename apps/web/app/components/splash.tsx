import { useTranslation } from 'react-i18next';

/** Full-screen logo for 1 s at first load; pure CSS so the page below is already rendered. */
export function Splash() {
  const { t } = useTranslation();
  return (
    <div className="app-splash" aria-hidden="true" data-testid="splash">
      <img src="/img/logo_app.png" alt={t('common.app_name')} width={120} height={120} />
    </div>
  );
}
