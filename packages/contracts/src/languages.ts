export const LANGUAGES = ['ar', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'ar';
export const isLang = (v: unknown): v is Lang => v === 'ar' || v === 'en';
export const dirOf = (lang: Lang) => (lang === 'ar' ? 'rtl' : 'ltr');

/** Arabic-Indic (٠-٩) and Persian (۰-۹) digits to 0-9: what an Arabic keyboard types into a number field. */
export const toLatinDigits = (v: string) =>
  v.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
