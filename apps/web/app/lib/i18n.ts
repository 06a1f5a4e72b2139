import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { issueMessages } from '@pool/i18n/issues';
import { siteAr, siteEn } from '@pool/i18n/site';
import { createTranslator, type Texts } from '@pool/i18n/translator';
import type { Lang } from './lang.ts';

/**
 * The texts this page has loaded, in one i18next store. The server holds the customer
 * site's areas in both languages; the browser only the page's language, fetched before
 * it renders in it (`loadSiteTexts`: entry.client.tsx, then root.tsx on a switch). The
 * dashboard adds its own when its modules load (features/admin/texts.ts), so a customer
 * page never downloads them.
 */
const loaded = createTranslator(import.meta.env.SSR ? { ar: siteAr, en: siteEn } : {});

/** Translates outside components (meta functions, validation): the same texts as `useTranslation`. */
export const translate = loaded.translate;

/** Schema issues as `{ field: message }` in `lang`, from the loaded texts. */
export const { issuesToFields } = issueMessages(loaded);

/** Adds areas of texts to the store: every instance from `createI18n`, made before or after, sees them. */
export function addTexts(texts: Texts): void {
  loaded.add(texts);
}

const siteLoads: Partial<Record<Lang, Promise<void>>> = {};
const siteLoaded = new Set<Lang>();
/**
 * In the browser, fetches the customer site's texts in `lang` (one chunk per language);
 * undefined when there is nothing to wait for (already loaded, or on the server).
 */
export function loadSiteTexts(lang: Lang): Promise<void> | undefined {
  if (import.meta.env.SSR || siteLoaded.has(lang)) return undefined;
  siteLoads[lang] ??= (lang === 'ar' ? import('@pool/i18n/site-ar') : import('@pool/i18n/site-en')).then((m) => {
    loaded.add({ [lang]: 'siteAr' in m ? m.siteAr : m.siteEn });
    siteLoaded.add(lang);
  });
  return siteLoads[lang];
}

/** The page's synchronous i18next instance in `lang` (one per request on the server), over the shared store. */
export function createI18n(lang: Lang): I18n {
  const instance = loaded.i18n.cloneInstance({ lng: lang });
  initReactI18next.init(instance);
  return instance;
}
