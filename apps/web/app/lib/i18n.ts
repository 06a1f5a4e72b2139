import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources } from '@pool/i18n';
import type { Lang } from './lang.ts';

/** A synchronous i18next instance with both catalogues (they are small). */
export function createI18n(lang: Lang): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
