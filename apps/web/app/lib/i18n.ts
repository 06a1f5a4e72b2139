import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { issueMessages } from '@pool/i18n/issues';
import { siteAr, siteEn } from '@pool/i18n/site';
import { createTranslator, type Texts } from '@pool/i18n/translator';
import type { Lang } from './lang.ts';

/**
 * The texts this page has loaded, in one i18next store: the customer site's areas
 * from the start; the dashboard adds its own when its modules load
 * (features/admin/texts.ts), so a customer page never downloads them.
 */
const loaded = createTranslator({ ar: siteAr, en: siteEn });

/** Translates outside components (meta functions, validation): the same texts as `useTranslation`. */
export const translate = loaded.translate;

/** Schema issues as `{ field: message }` in `lang`, from the loaded texts. */
export const { issuesToFields } = issueMessages(loaded);

/** Adds areas of texts to the store: every instance from `createI18n`, made before or after, sees them. */
export function addTexts(texts: Texts): void {
  loaded.add(texts);
}

/** The page's synchronous i18next instance in `lang` (one per request on the server), over the shared store. */
export function createI18n(lang: Lang): I18n {
  const instance = loaded.i18n.cloneInstance({ lng: lang });
  initReactI18next.init(instance);
  return instance;
}
