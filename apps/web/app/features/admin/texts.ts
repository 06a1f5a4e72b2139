/**
 * The dashboard's texts, added to the page's i18next store when this module loads:
 * every dashboard route loads it (through meta.ts), a customer page never does, so
 * the customer site's JavaScript carries none of them. Arabic only: so is the dashboard.
 * Dashboard code translating outside components imports `translate` from here, which
 * makes sure the texts are in before it runs.
 */
import { dashboardAr } from '@pool/i18n/dashboard';
import { addTexts, issuesToFields, translate } from '../../lib/i18n.ts';

addTexts({ ar: dashboardAr });

export { issuesToFields, translate };
