/**
 * The content screens on the generic resource routes (resource.ts): countries,
 * cities, socials, intro pages, banners (and their order), FAQ, cancel
 * reasons, SEO, redirects and the about/terms page sections.
 */
import type { z } from 'zod';
import { asc, eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import {
  adminBanner,
  adminCancelReason,
  adminCity,
  adminCountry,
  adminFaq,
  adminIntro,
  adminPageSection,
  adminRedirect,
  adminSeo,
  adminSocial,
  bannerBody,
  cancelReasonBody,
  cityBody,
  countryBody,
  faqBody,
  introBody,
  pageSectionBody,
  redirectBody,
  reorderBody,
  seoBody,
  socialBody,
  V,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { fieldError } from '../../lib/errors.ts';
import { safeHtml } from '../content/index.ts';
import { registerResource, type Resource } from './resource.ts';
import { base, done } from './route-schema.ts';
import { assertUnique, nextBannerSort, reorderBanners, type IdTable } from './service.ts';

const t = tables;

export function contentResources(app: App) {
  const crud = <T extends IdTable, B extends z.ZodType, I extends z.ZodType>(r: Resource<T, B, I>) =>
    registerResource(app, r);

  crud({
    path: 'countries',
    group: 'countries',
    name: 'country codes',
    table: t.countries,
    search: [t.countries.key, t.countries.iso, t.countries.nameAr, t.countries.nameEn],
    order: [asc(t.countries.sort), asc(t.countries.id)],
    body: countryBody,
    item: adminCountry,
    image: { column: 'flag', folder: 'flags', required: false },
    check: (b, id) => assertUnique(app.db, t.countries, t.countries.key, b.key, 'key', id),
    toValues: (b) => ({
      key: b.key,
      iso: b.iso,
      nameAr: b.name_ar,
      nameEn: b.name_en,
      smsAllowed: b.sms_allowed,
      sort: b.sort,
      active: b.active,
    }),
    toItem: (r) => ({
      id: r.id,
      key: r.key,
      iso: r.iso,
      name_ar: r.nameAr,
      name_en: r.nameEn,
      flag: r.flag,
      sms_allowed: r.smsAllowed,
      sort: r.sort,
      active: r.active,
    }),
  });

  crud({
    path: 'cities',
    group: 'cities',
    name: 'cities',
    table: t.cities,
    search: [t.cities.nameAr, t.cities.nameEn],
    order: [asc(t.cities.nameAr), asc(t.cities.id)],
    body: cityBody,
    item: adminCity,
    toValues: (b) => ({ nameAr: b.name_ar, nameEn: b.name_en, active: b.active }),
    toItem: (r) => ({ id: r.id, name_ar: r.nameAr, name_en: r.nameEn, active: r.active }),
  });

  crud({
    path: 'socials',
    group: 'socials',
    name: 'social links',
    table: t.socialLinks,
    search: [t.socialLinks.title, t.socialLinks.url],
    order: [asc(t.socialLinks.sort), asc(t.socialLinks.id)],
    body: socialBody,
    item: adminSocial,
    toValues: (b) => ({ title: b.title, url: b.url, icon: b.icon, sort: b.sort }),
    toItem: (r) => ({ id: r.id, title: r.title, url: r.url, icon: r.icon, sort: r.sort }),
  });

  crud({
    path: 'intros',
    group: 'intros',
    name: 'intro pages',
    table: t.introPages,
    search: [t.introPages.titleAr, t.introPages.titleEn],
    order: [asc(t.introPages.sort), asc(t.introPages.id)],
    body: introBody,
    item: adminIntro,
    image: { column: 'image', folder: 'intros', required: true },
    toValues: (b) => ({
      titleAr: b.title_ar,
      titleEn: b.title_en,
      descriptionAr: b.description_ar,
      descriptionEn: b.description_en,
      contentAr: safeHtml(b.content_ar),
      contentEn: safeHtml(b.content_en),
      sort: b.sort,
    }),
    toItem: (r) => ({
      id: r.id,
      title_ar: r.titleAr,
      title_en: r.titleEn,
      description_ar: r.descriptionAr,
      description_en: r.descriptionEn,
      content_ar: r.contentAr,
      content_en: r.contentEn,
      image: r.image,
      sort: r.sort,
    }),
  });

  crud({
    path: 'banners',
    group: 'banners',
    name: 'ad banners',
    table: t.banners,
    search: [t.banners.titleAr, t.banners.titleEn, t.banners.link],
    order: [asc(t.banners.sort), asc(t.banners.id)],
    body: bannerBody,
    item: adminBanner,
    image: { column: 'image', folder: 'banners', required: true },
    check: async (b) => {
      if (b.link && b.product_id) throw fieldError('link', 'cms.link_or_product');
    },
    toValues: async (b, id) => ({
      titleAr: b.title_ar ?? '',
      titleEn: b.title_en ?? '',
      link: b.link ?? null,
      productId: b.product_id ?? null,
      active: b.active,
      // A new banner goes last unless a place is given; an edit keeps its place.
      sort: b.sort ?? (id ? undefined : await nextBannerSort(app.db)),
    }),
    toItem: (r) => ({
      id: r.id,
      title_ar: r.titleAr,
      title_en: r.titleEn,
      link: r.link,
      product_id: r.productId,
      image: r.image,
      sort: r.sort,
      active: r.active,
    }),
  });

  crud({
    path: 'faqs',
    group: 'faqs',
    name: 'FAQ entries',
    table: t.faqs,
    search: [t.faqs.questionAr, t.faqs.questionEn, t.faqs.answerAr, t.faqs.answerEn],
    order: [asc(t.faqs.sort), asc(t.faqs.id)],
    body: faqBody,
    item: adminFaq,
    toValues: (b) => ({
      questionAr: b.question_ar,
      questionEn: b.question_en,
      answerAr: b.answer_ar,
      answerEn: b.answer_en,
      sort: b.sort,
    }),
    toItem: (r) => ({
      id: r.id,
      question_ar: r.questionAr,
      question_en: r.questionEn,
      answer_ar: r.answerAr,
      answer_en: r.answerEn,
      sort: r.sort,
    }),
  });

  crud({
    path: 'cancel-reasons',
    group: 'cancel_reasons',
    name: 'cancel reasons',
    table: t.cancelReasons,
    search: [t.cancelReasons.titleAr, t.cancelReasons.titleEn],
    order: [asc(t.cancelReasons.id)],
    body: cancelReasonBody,
    item: adminCancelReason,
    toValues: (b) => ({ titleAr: b.title_ar, titleEn: b.title_en, use: b.use }),
    toItem: (r) => ({ id: r.id, title_ar: r.titleAr, title_en: r.titleEn, use: r.use }),
  });

  crud({
    path: 'seo',
    group: 'seo',
    name: 'SEO entries (one per site page; view and edit only)',
    fixed: true,
    table: t.seoEntries,
    search: [t.seoEntries.key, t.seoEntries.metaTitleAr, t.seoEntries.metaTitleEn],
    order: [asc(t.seoEntries.key)],
    body: seoBody,
    item: adminSeo,
    toValues: (b) => ({
      metaTitleAr: b.meta_title_ar,
      metaTitleEn: b.meta_title_en,
      metaDescriptionAr: b.meta_description_ar,
      metaDescriptionEn: b.meta_description_en,
      metaKeywordsAr: b.meta_keywords_ar,
      metaKeywordsEn: b.meta_keywords_en,
      updatedAt: new Date(),
    }),
    toItem: (r) => ({
      id: r.id,
      key: r.key,
      meta_title_ar: r.metaTitleAr,
      meta_title_en: r.metaTitleEn,
      meta_description_ar: r.metaDescriptionAr,
      meta_description_en: r.metaDescriptionEn,
      meta_keywords_ar: r.metaKeywordsAr,
      meta_keywords_en: r.metaKeywordsEn,
    }),
  });

  crud({
    path: 'redirects',
    group: 'redirects',
    name: 'redirects',
    table: t.redirects,
    search: [t.redirects.fromPath, t.redirects.to],
    order: [asc(t.redirects.fromPath)],
    body: redirectBody,
    item: adminRedirect,
    check: async (b, id) => {
      if (b.from_path === b.to) throw fieldError('to', 'cms.redirect_loop');
      await assertUnique(app.db, t.redirects, t.redirects.fromPath, b.from_path, 'from_path', id);
    },
    toValues: (b) => ({ fromPath: b.from_path, to: b.to, permanent: b.permanent }),
    toItem: (r) => ({ id: r.id, from_path: r.fromPath, to: r.to, permanent: r.permanent }),
  });

  for (const page of ['about', 'terms'] as const) {
    const p = t.pageSections;
    crud({
      path: `pages/${page}`,
      group: 'settings',
      audit: page,
      name: `${page} page sections (HTML sanitised on save)`,
      table: p,
      where: eq(p.page, page),
      search: [p.titleAr, p.titleEn],
      order: [asc(p.sort), asc(p.id)],
      body: pageSectionBody,
      item: adminPageSection,
      toValues: (b) => ({
        page,
        titleAr: b.title_ar,
        titleEn: b.title_en,
        contentAr: safeHtml(b.content_ar),
        contentEn: safeHtml(b.content_en),
        sort: b.sort,
      }),
      toItem: (r) => ({
        id: r.id,
        page: r.page,
        title_ar: r.titleAr,
        title_en: r.titleEn,
        content_ar: r.contentAr,
        content_en: r.contentEn,
        sort: r.sort,
      }),
    });
  }

  /* ------------------------------------------------------- banner order */

  app.post(
    '/banners/reorder',
    {
      preHandler: app.requireAdmin('banners.edit'),
      config: { audit: 'banners.reorder' },
      schema: {
        ...base,
        summary: 'Set the order of the ad banners: `ids` first in this order, the others after',
        body: reorderBody,
        response: { 200: done },
      },
    },
    async (req, reply) => {
      if (!(await reorderBanners(app.db, req.body.ids))) throw fieldError('ids', V.invalid);
      return reply.ok(null, 'cms.saved');
    },
  );
}
