import { useTranslation } from 'react-i18next';

/**
 * Full-screen logo for 1 s at first load; pure CSS so the page below is already rendered. The logo is a
 * 240 px WebP (6 KB, twice its size on screen): React preloads it in the head, ahead of the page's own pictures.
 */
export function Splash() {
  const { t } = useTranslation();
  return (
    <div className="app-splash" aria-hidden="true" data-testid="splash">
      <img src="/img/logo-240.webp" alt={t('common.app_name')} width={120} height={120} />
    </div>
  );
}
