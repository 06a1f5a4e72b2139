/**
 * The staff view's texts, added to the page's i18next store when this module loads: every
 * staff route imports it, a customer page never does (ADR 0014's way for the dashboard).
 */
import { staffSiteAr, staffSiteEn } from '@pool/i18n/staff-site';
import { addTexts } from '../../lib/i18n.ts';

addTexts({ ar: staffSiteAr, en: staffSiteEn });

/** A staff-site key: `st('day_title')` is `staff-site.day_title`. */
export const st = (key: string) => `staff-site.${key}`;

/** A construction-staff key (the engineer's project pages): `cst('offer_title')`. */
export const cst = (key: string) => `construction-staff.${key}`;
