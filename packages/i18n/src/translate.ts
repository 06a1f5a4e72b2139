/**
 * The ar and en catalogues, one file per area, shared by the site and the API;
 * grouped by who shows them (site.ts, dashboard.ts, api.ts, staff-site.ts). This file is the
 * server's translator over all of them; the web app builds its own over the
 * groups a page loads (translator.ts).
 * Keys are identical in both languages (checked by a test); Arabic carries all
 * six plural forms (zero, one, two, few, many, other) where a key is plural.
 */
import type { TOptions } from 'i18next';
import { siteAr, siteEn } from './site.ts';
import { dashboardAr, dashboardEn } from './dashboard.ts';
import { apiAr, apiEn } from './api.ts';
import { staffSiteAr, staffSiteEn } from './staff-site.ts';
import { createTranslator, type Lang, type Translator } from './translator.ts';

export type { Lang };

export const catalogues = {
  ar: { ...siteAr, ...dashboardAr, ...apiAr, ...staffSiteAr },
  en: { ...siteEn, ...dashboardEn, ...apiEn, ...staffSiteEn },
};

export type Catalogue = (typeof catalogues)['ar'];

const all = createTranslator(catalogues);

/** Translate `key` (e.g. `server.code_sent`) for the server side; returns the key itself when missing. */
export const translate: (lang: Lang, key: string, params?: TOptions) => string = all.translate;

export const hasKey: (lang: Lang, key: string) => boolean = all.hasKey;

/** The server's translator (every area), for `issueMessages` and the like. */
export const serverTranslator: Translator = all;
