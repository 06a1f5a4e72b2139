/** Admin sign-in and the permission model. */
import { z } from 'zod';
import { adminPassword, email } from './fields.ts';

/** Every permission the system defines, grouped by screen. */
export const PERMISSION_GROUPS = {
  dashboard: ['view'],
  admins: ['view', 'create', 'edit', 'delete', 'block'],
  roles: ['view', 'create', 'edit', 'delete'],
  users: ['view', 'block'],
  reports: ['view'],
  countries: ['view', 'create', 'edit', 'delete'],
  cities: ['view', 'create', 'edit', 'delete'],
  socials: ['view', 'create', 'edit', 'delete'],
  intros: ['view', 'create', 'edit', 'delete'],
  banners: ['view', 'create', 'edit', 'delete'],
  faqs: ['view', 'create', 'edit', 'delete'],
  cancel_reasons: ['view', 'create', 'edit', 'delete'],
  seo: ['view', 'edit'],
  redirects: ['view', 'create', 'edit', 'delete'],
  settings: ['view', 'edit'],
  contact_messages: ['view', 'edit'],
  notifications: ['view', 'send'],
  brands: ['view', 'create', 'edit', 'delete'],
  categories: ['view', 'create', 'edit', 'delete'],
  features: ['view', 'create', 'edit', 'delete'],
  products: ['view', 'create', 'edit', 'delete', 'approve'],
  coupons: ['view', 'create', 'edit', 'delete', 'notify'],
  delivery: ['view', 'edit'],
  orders: ['view', 'edit', 'cancel'],
  staff: ['view', 'create', 'edit', 'delete', 'block'],
  service_items: ['view', 'create', 'edit', 'delete'],
  packages: ['view', 'create', 'edit', 'delete'],
  construction: ['view', 'create', 'edit', 'delete'],
  complaints: ['view', 'assign', 'reply', 'close'],
} as const;
export type PermissionGroup = keyof typeof PERMISSION_GROUPS;
export type Permission = {
  [G in PermissionGroup]: `${G}.${(typeof PERMISSION_GROUPS)[G][number]}`;
}[PermissionGroup];
export const ALL_PERMISSIONS = Object.entries(PERMISSION_GROUPS).flatMap(([g, acts]) =>
  acts.map((a) => `${g}.${a}`),
) as Permission[];

export const adminLoginBody = z.object({ email, password: adminPassword });
export const adminProfile = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: z.object({ id: z.number(), name: z.string() }).nullable(),
  is_super: z.boolean(),
  permissions: z.array(z.string()),
});
export type AdminProfile = z.infer<typeof adminProfile>;
export const adminSession = adminProfile.extend({ token: z.string() });
