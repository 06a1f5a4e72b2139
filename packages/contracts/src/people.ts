/** The dashboard's people screens: admins, roles, app users, the audit log ("reports") and the admin's own profile. */
import { z } from 'zod';
import { ALL_PERMISSIONS, type Permission } from './admin.ts';
import { pageQuery } from './envelope.ts';
import {
  adminPassword,
  blankToUndefined,
  countryCode,
  dateFilter,
  email,
  optionalId,
  optionalText,
  phone,
  requiredId,
  requiredText,
  V,
} from './fields.ts';

const statusFilter = z.preprocess(blankToUndefined, z.enum(['active', 'blocked'], { error: V.invalid }).optional());
const search = optionalText(100);

// ---- admins ----
export const adminListQuery = pageQuery.extend({ q: search, status: statusFilter, role_id: optionalId });
export type AdminListQuery = z.output<typeof adminListQuery>;

export const adminCreateBody = z.object({
  name: requiredText(3, 100),
  email,
  country_code: countryCode,
  phone,
  password: adminPassword,
  role_id: requiredId,
});
/** Editing: every field is sent again; an empty password keeps the current one. */
export const adminEditBody = adminCreateBody.extend({
  password: z.preprocess(blankToUndefined, adminPassword.optional()),
});

export type AdminCreateInput = z.output<typeof adminCreateBody>;
export type AdminEditInput = z.output<typeof adminEditBody>;

export const adminItem = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  country_code: z.string(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
  role: z.object({ id: z.number(), name: z.string() }).nullable(),
  is_super: z.boolean(),
  is_blocked: z.boolean(),
  /** Until when sign-in is paused for some address after wrong passwords; null when it is not. */
  locked_until: z.string().nullable(),
  created_at: z.string(),
});
export type AdminItem = z.infer<typeof adminItem>;

// ---- roles ----
/** A JSON array, repeated form fields (`permissions=a&permissions=b`) or one value; missing means none. */
export const permissionList = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]], { error: V.invalid }), { error: V.invalid })
    .max(ALL_PERMISSIONS.length, { error: V.invalid })
    .transform((list) => [...new Set(list)]),
);

export const roleBody = z.object({
  name_ar: requiredText(2, 100),
  name_en: requiredText(2, 100),
  permissions: permissionList,
});

export type RoleInput = z.output<typeof roleBody>;

export const roleItem = z.object({
  id: z.number(),
  name: z.string(),
  name_ar: z.string(),
  name_en: z.string(),
  permissions_count: z.number(),
  admins_count: z.number(),
  /** Held by a super admin: it keeps every permission, and its permissions cannot be changed. */
  is_super: z.boolean(),
  created_at: z.string(),
});
export const roleDetail = roleItem.extend({ permissions: z.array(z.string()) });
export type RoleDetail = z.infer<typeof roleDetail>;

/** The permissions the system defines, grouped by screen, labelled in both languages. */
export const permissionGroup = z.object({
  key: z.string(),
  name: z.string(),
  name_ar: z.string(),
  name_en: z.string(),
  permissions: z.array(
    z.object({ code: z.string(), action: z.string(), name: z.string(), name_ar: z.string(), name_en: z.string() }),
  ),
});
export type PermissionGroupItem = z.infer<typeof permissionGroup>;

// ---- app users ----
export const userListQuery = pageQuery.extend({ q: search, status: statusFilter, city_id: optionalId });
export type UserListQuery = z.output<typeof userListQuery>;

export const appUserItem = z.object({
  id: z.number(),
  name: z.string(),
  country_code: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  image: z.string().nullable(),
  city: z.object({ id: z.number(), name: z.string() }).nullable(),
  is_active: z.boolean(),
  is_blocked: z.boolean(),
  created_at: z.string(),
});
export const appUserDetail = appUserItem.extend({
  lang: z.string(),
  is_notify: z.boolean(),
  tax_number: z.string().nullable(),
  commercial_record: z.string().nullable(),
  notifications_count: z.number(),
  devices_count: z.number(),
});
export type AppUserDetail = z.infer<typeof appUserDetail>;

// ---- reports (audit log) ----
export const AUDITED_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const reportListQuery = pageQuery.extend({
  q: search,
  admin_id: optionalId,
  method: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.toUpperCase()) : v),
    z.enum(AUDITED_METHODS, { error: V.invalid }).optional(),
  ),
  /** A day (`2025-01-31`, from its start / to its end) or a date-time. */
  from: dateFilter,
  to: dateFilter,
});
export type ReportListQuery = z.output<typeof reportListQuery>;
export const reportItem = z.object({
  id: z.number(),
  admin: z.object({ id: z.number(), name: z.string() }).nullable(),
  subject: z.string(),
  url: z.string(),
  method: z.string(),
  ip: z.string(),
  agent: z.string(),
  status: z.number().nullable(),
  created_at: z.string(),
});
export type ReportItem = z.infer<typeof reportItem>;

// ---- own profile ----
/** Other passwords than admin sign-in: at least 6 (spec section 5). */
const newPassword = z.string({ error: V.required }).min(6, { error: V.password }).max(200, { error: V.maxChars });
export const ownProfileBody = z
  .object({
    name: requiredText(3, 100),
    current_password: z.preprocess(blankToUndefined, z.string().max(200, { error: V.maxChars }).optional()),
    password: z.preprocess(blankToUndefined, newPassword.optional()),
    password_confirmation: z.preprocess(blankToUndefined, z.string().max(200, { error: V.maxChars }).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.password === undefined) return;
    if (!v.current_password) ctx.addIssue({ code: 'custom', path: ['current_password'], message: V.required });
    if (v.password_confirmation !== v.password)
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: V.passwordMismatch });
  });
export type OwnProfileInput = z.output<typeof ownProfileBody>;
