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

type SitePart = 'base' | 'more';
const siteParts: Record<Lang, Record<SitePart, () => Promise<Record<string, object>>>> = {
  ar: {
    base: () => import('@pool/i18n/site-ar').then((m) => m.siteArBase),
    more: () => import('@pool/i18n/site-more-ar').then((m) => m.siteArMore),
  },
  en: {
    base: () => import('@pool/i18n/site-en').then((m) => m.siteEnBase),
    more: () => import('@pool/i18n/site-more-en').then((m) => m.siteEnMore),
  },
};
const siteLoads = new Map<string, Promise<void>>();
const siteLoaded = new Set<string>();
/**
 * In the browser, fetches the customer site's texts in `lang` (two chunks per language: the
 * areas any page shows, and with `more` those of the account and service pages); undefined
 * when there is nothing to wait for (already loaded, or on the server).
 */
export function loadSiteTexts(lang: Lang, { more = true }: { more?: boolean } = {}): Promise<void> | undefined {
  if (import.meta.env.SSR) return undefined;
  const parts = (more ? ['base', 'more'] : ['base']) as SitePart[];
  const missing = parts.filter((part) => !siteLoaded.has(`${lang}:${part}`));
  if (!missing.length) return undefined;
  return Promise.all(
    missing.map((part) => {
      const key = `${lang}:${part}`;
      let load = siteLoads.get(key);
      if (!load) {
        load = siteParts[lang][part]().then((texts) => {
          loaded.add({ [lang]: texts });
          siteLoaded.add(key);
        });
        siteLoads.set(key, load);
      }
      return load;
    }),
  ).then(() => undefined);
}

/** The page's synchronous i18next instance in `lang` (one per request on the server), over the shared store. */
export function createI18n(lang: Lang): I18n {
  const instance = loaded.i18n.cloneInstance({ lng: lang });
  initReactI18next.init(instance);
  return instance;
}
