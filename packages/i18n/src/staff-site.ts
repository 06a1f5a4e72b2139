/**
 * The staff view's area of texts (ar and en): the engineers' and technicians' pages at
 * `/staff` and `/en/staff`. Added to the page's store when the staff view's modules load
 * (apps/web features/staff/texts.ts), so a customer page never downloads them.
 */
import arConstructionStaff from './ar/construction-staff.ts';
import arStaffSite from './ar/staff-site.ts';
import enConstructionStaff from './en/construction-staff.ts';
import enStaffSite from './en/staff-site.ts';

export const staffSiteAr = { 'staff-site': arStaffSite, 'construction-staff': arConstructionStaff };
export const staffSiteEn = { 'staff-site': enStaffSite, 'construction-staff': enConstructionStaff };
