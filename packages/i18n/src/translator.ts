/**
 * A translator over the areas of texts it is given, with no catalogue of its own:
 * the server builds one over every area (translate.ts), the web app one over the
 * areas its page has loaded, adding the dashboard's when the dashboard mounts.
 */
import { createInstance, type i18n as I18n, type TOptions } from 'i18next';

export type Lang = 'ar' | 'en';

/** Areas of texts by language, e.g. `{ ar: { store: {...} }, en: { store: {...} } }`. */
export type Texts = Partial<Record<Lang, Record<string, object>>>;

export type Translator = {
  /** Translate `key` (e.g. `server.code_sent`); returns the key itself when missing. */
  translate(lang: Lang, key: string, params?: TOptions): string;
  hasKey(lang: Lang, key: string): boolean;
  /** Adds areas (an area already there is kept); everything made from `i18n` sees them. */
  add(texts: Texts): void;
  /** The i18next instance holding the texts (one `translation` namespace per language). */
  i18n: I18n;
};

/** The options every instance uses: synchronous, no escaping (React escapes), no fallback language. */
export const I18N_OPTIONS = {
  fallbackLng: false,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;

/** The locale of dates for people: Gregorian calendar and Latin digits in both languages. */
export const dateLocale = (lang: Lang) => (lang === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB');

/**
 * One formatter per language, made on first use: building an `Intl` formatter costs far more than
 * using one, and pages format many dates and amounts (issue 13).
 */
export function perLang<F>(make: (locale: string) => F): (lang: Lang) => F {
  const made: Partial<Record<Lang, F>> = {};
  return (lang) => (made[lang] ??= make(dateLocale(lang)));
}

const dayFormat = perLang((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeZone: 'Asia/Riyadh' }));

/** A day for people in the language (`15 Mar 2026` / `15 مارس 2026`), in Riyadh time. */
export const formatDay = (lang: Lang, at: string | Date) => dayFormat(lang).format(new Date(at));

export function createTranslator(texts: Texts, lang: Lang = 'ar'): Translator {
  const i18n = createInstance();
  void i18n.init({ ...I18N_OPTIONS, resources: {}, lng: lang });
  // `{{date, day}}` in a text: an instant (Date or ISO string) written as a day in the text's language, never ISO.
  i18n.services.formatter?.add('day', (value: string | Date, lng) => formatDay(lng === 'en' ? 'en' : 'ar', value));
  const add = (more: Texts) => {
    for (const [lng, areas] of Object.entries(more)) {
      for (const [area, messages] of Object.entries(areas ?? {})) {
        if (i18n.getResource(lng, 'translation', area) === undefined)
          i18n.addResourceBundle(lng, 'translation', { [area]: messages }, true, false);
      }
    }
  };
  add(texts);
  return {
    translate: (lng, key, params) => i18n.getFixedT(lng)(key, params ?? {}) as string,
    hasKey: (lng, key) => i18n.exists(key, { lng }),
    add,
    i18n,
  };
}
