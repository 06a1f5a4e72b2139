/**
 * The staff view's texts, added to the page's i18next store when this module loads: every
 * staff route imports it, a customer page never does (ADR 0014's way for the dashboard).
 */
import { staffSiteAr, staffSiteEn } from '@pool/i18n/staff-site';
import { addTexts } from '../../lib/i18n.ts';

addTexts({ ar: staffSiteAr, en: staffSiteEn });

/** A staff-site key: `st('day_title')` is `staff-site.day_title`. */
export const st = (key: string) => `staff-site.${key}`;

/** A visit's place as one line (address, then city) in the page's language; "no address" when there is none. */
export const placeLine = (t: (key: string) => string, ...parts: (string | null | undefined)[]) =>
  parts.filter(Boolean).join(t(st('address_join'))) || t(st('no_address'));
