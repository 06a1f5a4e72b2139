/**
 * The dashboard's areas of texts (ar and en): added to the page's i18next instance by
 * the dashboard's own modules, so a customer page never downloads them.
 */
import arAdmin from './ar/admin.ts';
import arCatalogue from './ar/catalogue.ts';
import arCms from './ar/cms.ts';
import arComplaintsAdmin from './ar/complaints-admin.ts';
import arConstructionAdmin from './ar/construction-admin.ts';
import arCoupons from './ar/coupons.ts';
import arOperations from './ar/operations.ts';
import arPackagesAdmin from './ar/packages-admin.ts';
import arStaff from './ar/staff.ts';
import arVisitsCalendar from './ar/visits-calendar.ts';
import enAdmin from './en/admin.ts';
import enCatalogue from './en/catalogue.ts';
import enCms from './en/cms.ts';
import enComplaintsAdmin from './en/complaints-admin.ts';
import enConstructionAdmin from './en/construction-admin.ts';
import enCoupons from './en/coupons.ts';
import enOperations from './en/operations.ts';
import enPackagesAdmin from './en/packages-admin.ts';
import enStaff from './en/staff.ts';
import enVisitsCalendar from './en/visits-calendar.ts';

export const dashboardAr = {
  admin: arAdmin,
  catalogue: arCatalogue,
  cms: arCms,
  'complaints-admin': arComplaintsAdmin,
  'construction-admin': arConstructionAdmin,
  coupons: arCoupons,
  operations: arOperations,
  'packages-admin': arPackagesAdmin,
  staff: arStaff,
  'visits-calendar': arVisitsCalendar,
};
export const dashboardEn = {
  admin: enAdmin,
  catalogue: enCatalogue,
  cms: enCms,
  'complaints-admin': enComplaintsAdmin,
  'construction-admin': enConstructionAdmin,
  coupons: enCoupons,
  operations: enOperations,
  'packages-admin': enPackagesAdmin,
  staff: enStaff,
  'visits-calendar': enVisitsCalendar,
};
