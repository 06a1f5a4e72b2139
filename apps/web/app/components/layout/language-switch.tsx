import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { COOKIE_MAX_AGE_DAYS, LOCALE_COOKIE } from '@pool/contracts/core';
import { langFromPath, switchLangPath } from '../../lib/lang.ts';

/** Switches to the same page in the other language (the root loader remembers it in the `lang` cookie). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const location = useLocation();
  const target = switchLangPath(location.pathname, location.search);
  // Remember the choice before navigating, so opening `/` later keeps it (the server also sets it).
  const remember = () => {
    document.cookie = `${LOCALE_COOKIE}=${langFromPath(target)}; path=/; max-age=${COOKIE_MAX_AGE_DAYS * 86_400}; samesite=lax`;
  };
  return (
    <Button
      component={Link}
      to={target}
      state={location.state}
      onClick={remember}
      variant="subtle"
      size="compact-sm"
      leftSection={<IconLanguage size={16} aria-hidden />}
      lang={t('common.switch_to') === 'English' ? 'en' : 'ar'}
      data-testid="language-switch"
    >
      {t('common.switch_to')}
    </Button>
  );
}
