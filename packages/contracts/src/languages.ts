export const LANGUAGES = ['ar', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'ar';
export const isLang = (v: unknown): v is Lang => v === 'ar' || v === 'en';
export const dirOf = (lang: Lang) => (lang === 'ar' ? 'rtl' : 'ltr');
