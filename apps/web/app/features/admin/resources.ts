/**
 * The dashboard's simple content screens (`/admin/content/:resource`): one
 * generic list + form, driven by this table. Bodies and their rules come from
 * packages/contracts/src/cms.ts, so the form checks what the API checks.
 */
import type { z } from 'zod';
import type { Permission, PermissionGroup } from '@pool/contracts/admin';
import { brandBody, categoryBody } from '@pool/contracts/catalogue';
import {
  bannerBody,
  cancelReasonBody,
  cityBody,
  countryBody,
  faqBody,
  introBody,
  redirectBody,
  SOCIAL_ICONS,
  CANCEL_REASON_USES,
  socialBody,
} from '@pool/contracts/cms';

export type FieldType = 'text' | 'textarea' | 'rich' | 'url' | 'number' | 'switch' | 'select';

/** One input (`name`), or a bilingual pair shown side by side (`name_ar` + `name_en`). */
export type Field = {
  name: string;
  type: FieldType;
  /** i18n key of the label. */
  label: string;
  pair?: boolean;
  /** Left-to-right content (paths, URLs, codes). */
  ltr?: boolean;
  required?: boolean;
  options?: readonly string[];
  /** i18n key prefix of the options' labels (`<prefix><option>`); without it an option shows as is. */
  labels?: string;
  hint?: string;
};

export type Column = {
  name: string;
  label: string;
  kind?: 'text' | 'ltr' | 'bool' | 'image' | 'code';
  /** i18n key prefix of the value's label (`<prefix><value>`): a closed set shown in words. */
  labels?: string;
};

/**
 * The resources' API names: `/api/admin/<path>` lists and creates, `/api/admin/<path>/{id}` reads,
 * saves and deletes (routes/admin/content/resource.tsx checks that the API has them).
 */
export type ResourcePath =
  | 'countries'
  | 'cities'
  | 'socials'
  | 'intros'
  | 'banners'
  | 'faqs'
  | 'cancel-reasons'
  | 'redirects'
  | 'brands'
  | 'categories';

export type ResourceConfig = {
  /** Under `/api/admin`. */
  path: ResourcePath;
  group: PermissionGroup;
  columns: Column[];
  fields: Field[];
  schema: z.ZodType;
  defaults: Record<string, unknown>;
  /** The multipart file part is `image`; the item keeps the URL in `column`. */
  image?: { column: string; required: boolean; label: string };
  /** Banners: drag (or buttons) to reorder, POST `<path>/reorder`. */
  reorder?: boolean;
  /** The column shown as the row's name (delete confirmation, reorder buttons). */
  title: string;
  /** i18n key of the screen's description; `cms.ui_about_<group>` unless given. */
  about?: string;
  /**
   * Rows nest one level (categories and sub-categories): the list shows the rows
   * of `?<param>=<id>` (the main ones, `0`, without it), a row opens its children,
   * and a new row is created under the parent in the URL.
   */
  nested?: { param: string; childrenLabel: string; parentTitle: string; backLabel: string };
};

const L = (k: string) => `cms.ui_field_${k}`;

export const RESOURCES: Record<string, ResourceConfig> = {
  countries: {
    path: 'countries',
    group: 'countries',
    title: 'name_ar',
    columns: [
      { name: 'flag', label: L('flag'), kind: 'image' },
      { name: 'name_ar', label: L('name_ar') },
      { name: 'name_en', label: L('name_en'), kind: 'ltr' },
      { name: 'key', label: L('key'), kind: 'code' },
      { name: 'iso', label: L('iso'), kind: 'ltr' },
      { name: 'sms_allowed', label: L('sms_allowed'), kind: 'bool' },
      { name: 'active', label: L('active'), kind: 'bool' },
    ],
    fields: [
      { name: 'name', type: 'text', label: L('name'), pair: true, required: true },
      { name: 'key', type: 'text', label: L('key'), ltr: true, required: true, hint: 'cms.ui_hint_key' },
      { name: 'iso', type: 'text', label: L('iso'), ltr: true, required: true, hint: 'cms.ui_hint_iso' },
      { name: 'sort', type: 'number', label: L('sort') },
      { name: 'sms_allowed', type: 'switch', label: L('sms_allowed') },
      { name: 'active', type: 'switch', label: L('active') },
    ],
    schema: countryBody,
    defaults: { name_ar: '', name_en: '', key: '', iso: '', sort: 0, sms_allowed: false, active: true },
    image: { column: 'flag', required: false, label: L('flag') },
  },
  cities: {
    path: 'cities',
    group: 'cities',
    title: 'name_ar',
    columns: [
      { name: 'name_ar', label: L('name_ar') },
      { name: 'name_en', label: L('name_en'), kind: 'ltr' },
      { name: 'active', label: L('active'), kind: 'bool' },
    ],
    fields: [
      { name: 'name', type: 'text', label: L('name'), pair: true, required: true },
      { name: 'active', type: 'switch', label: L('active') },
    ],
    schema: cityBody,
    defaults: { name_ar: '', name_en: '', active: true },
  },
  socials: {
    path: 'socials',
    group: 'socials',
    title: 'title',
    columns: [
      { name: 'title', label: L('title') },
      { name: 'url', label: L('url'), kind: 'ltr' },
      { name: 'icon', label: L('icon'), kind: 'ltr' },
      { name: 'sort', label: L('sort') },
    ],
    fields: [
      { name: 'title', type: 'text', label: L('title'), required: true },
      { name: 'url', type: 'url', label: L('url'), ltr: true, required: true },
      { name: 'icon', type: 'select', label: L('icon'), options: SOCIAL_ICONS, required: true },
      { name: 'sort', type: 'number', label: L('sort') },
    ],
    schema: socialBody,
    defaults: { title: '', url: '', icon: 'x', sort: 0 },
  },
  intros: {
    path: 'intros',
    group: 'intros',
    title: 'title_ar',
    columns: [
      { name: 'image', label: L('image'), kind: 'image' },
      { name: 'title_ar', label: L('title_ar') },
      { name: 'title_en', label: L('title_en'), kind: 'ltr' },
      { name: 'sort', label: L('sort') },
    ],
    fields: [
      { name: 'title', type: 'text', label: L('title'), pair: true, required: true },
      { name: 'description', type: 'textarea', label: L('description'), pair: true, required: true },
      { name: 'content', type: 'rich', label: L('content'), pair: true, required: true },
      { name: 'sort', type: 'number', label: L('sort') },
    ],
    schema: introBody,
    defaults: {
      title_ar: '',
      title_en: '',
      description_ar: '',
      description_en: '',
      content_ar: '',
      content_en: '',
      sort: 0,
    },
    image: { column: 'image', required: true, label: L('image') },
  },
  banners: {
    path: 'banners',
    group: 'banners',
    title: 'title_ar',
    reorder: true,
    columns: [
      { name: 'image', label: L('image'), kind: 'image' },
      { name: 'title_ar', label: L('title_ar') },
      { name: 'title_en', label: L('title_en'), kind: 'ltr' },
      { name: 'link', label: L('link'), kind: 'ltr' },
      { name: 'active', label: L('active'), kind: 'bool' },
    ],
    fields: [
      { name: 'title', type: 'text', label: L('title'), pair: true },
      { name: 'link', type: 'text', label: L('link'), ltr: true, hint: 'cms.ui_hint_link' },
      { name: 'product_id', type: 'number', label: L('product_id') },
      { name: 'active', type: 'switch', label: L('active') },
    ],
    schema: bannerBody,
    defaults: { title_ar: '', title_en: '', link: '', product_id: '', active: true },
    image: { column: 'image', required: true, label: L('image') },
  },
  faqs: {
    path: 'faqs',
    group: 'faqs',
    title: 'question_ar',
    columns: [
      { name: 'question_ar', label: L('question_ar') },
      { name: 'question_en', label: L('question_en'), kind: 'ltr' },
      { name: 'sort', label: L('sort') },
    ],
    fields: [
      { name: 'question', type: 'text', label: L('question'), pair: true, required: true },
      { name: 'answer', type: 'textarea', label: L('answer'), pair: true, required: true },
      { name: 'sort', type: 'number', label: L('sort') },
    ],
    schema: faqBody,
    defaults: { question_ar: '', question_en: '', answer_ar: '', answer_en: '', sort: 0 },
  },
  'cancel-reasons': {
    path: 'cancel-reasons',
    group: 'cancel_reasons',
    title: 'title_ar',
    columns: [
      { name: 'title_ar', label: L('title_ar') },
      { name: 'title_en', label: L('title_en'), kind: 'ltr' },
      { name: 'use', label: L('reason_use'), labels: 'cms.ui_reason_use_' },
    ],
    fields: [
      { name: 'title', type: 'text', label: L('reason'), pair: true, required: true },
      {
        name: 'use',
        type: 'select',
        label: L('reason_use'),
        options: CANCEL_REASON_USES,
        labels: 'cms.ui_reason_use_',
        required: true,
      },
    ],
    schema: cancelReasonBody,
    defaults: { title_ar: '', title_en: '', use: 'customer' },
  },
  redirects: {
    path: 'redirects',
    group: 'redirects',
    title: 'from_path',
    columns: [
      { name: 'from_path', label: L('from_path'), kind: 'ltr' },
      { name: 'to', label: L('to'), kind: 'ltr' },
      { name: 'permanent', label: L('permanent'), kind: 'bool' },
    ],
    fields: [
      { name: 'from_path', type: 'text', label: L('from_path'), ltr: true, required: true, hint: 'cms.ui_hint_from' },
      { name: 'to', type: 'text', label: L('to'), ltr: true, required: true, hint: 'cms.ui_hint_link' },
      { name: 'permanent', type: 'switch', label: L('permanent') },
    ],
    schema: redirectBody,
    defaults: { from_path: '', to: '', permanent: true },
  },
};

RESOURCES.brands = {
  path: 'brands',
  group: 'brands',
  title: 'name_ar',
  columns: [
    { name: 'logo', label: 'catalogue.ui_logo', kind: 'image' },
    { name: 'name_ar', label: L('name_ar') },
    { name: 'name_en', label: L('name_en'), kind: 'ltr' },
    { name: 'active', label: L('active'), kind: 'bool' },
  ],
  fields: [
    { name: 'name', type: 'text', label: L('name'), pair: true, required: true },
    { name: 'active', type: 'switch', label: L('active') },
  ],
  schema: brandBody,
  defaults: { name_ar: '', name_en: '', active: true },
  image: { column: 'logo', required: false, label: 'catalogue.ui_logo' },
  about: 'catalogue.ui_about_brands',
};

RESOURCES.categories = {
  path: 'categories',
  group: 'categories',
  title: 'name_ar',
  columns: [
    { name: 'image', label: L('image'), kind: 'image' },
    { name: 'name_ar', label: L('name_ar') },
    { name: 'name_en', label: L('name_en'), kind: 'ltr' },
    { name: 'sort', label: L('sort') },
    { name: 'active', label: L('active'), kind: 'bool' },
  ],
  fields: [
    { name: 'name', type: 'text', label: L('name'), pair: true, required: true },
    { name: 'sort', type: 'number', label: L('sort') },
    { name: 'active', type: 'switch', label: L('active') },
  ],
  schema: categoryBody,
  defaults: { name_ar: '', name_en: '', sort: 0, active: true },
  image: { column: 'image', required: false, label: L('image') },
  about: 'catalogue.ui_about_categories',
  nested: {
    param: 'parent_id',
    childrenLabel: 'catalogue.ui_sub_categories',
    parentTitle: 'catalogue.ui_sub_categories_of',
    backLabel: 'catalogue.ui_main_categories',
  },
};

export const resourceConfig = (name: string | undefined): ResourceConfig | null =>
  name && Object.hasOwn(RESOURCES, name) ? RESOURCES[name]! : null;

/** Super admins may do everything; screens without create/delete use `edit` (as the API does). */
export function may(admin: { is_super: boolean; permissions: string[] }, code: Permission | `${string}.${string}`) {
  return admin.is_super || admin.permissions.includes(code);
}
