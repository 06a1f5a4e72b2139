/**
 * Dashboard coupons under /api/admin (spec sections 3-4): list with search and
 * status, create, edit, delete, open, close, and a notification about the
 * coupon to every customer. Customers apply coupons through the cart.
 */
import { z } from 'zod';
import { adminCoupon, couponBody, couponListQuery, envelope, idParam, paginated } from '@pool/contracts';
import { translate } from '@pool/i18n';
import type { App } from '../../app-type.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { notifyUsers } from '../realtime/index.ts';
import * as coupons from './service.ts';

const base = { tags: ['admin: coupons'], security: [{ bearer: [] }] };
const one = envelope(adminCoupon);

/** "15%" or "25.00 SAR" in one language. */
const discountText = (lang: 'ar' | 'en', row: coupons.CouponRow) =>
  row.discountType === 'ratio'
    ? `${row.value}%`
    : translate(lang, 'coupons.amount_sar', { amount: (row.value / 100).toFixed(2) });

export default async function couponRoutes(app: App) {
  app.get(
    '/coupons',
    {
      preHandler: app.requireAdmin('coupons.view'),
      schema: {
        ...base,
        summary: 'List coupons, newest first',
        description: '`q` searches code and title; `status` is available, expired, usage_ended or closed.',
        querystring: couponListQuery,
        response: { 200: envelope(paginated(adminCoupon)) },
      },
    },
    async (req, reply) => reply.ok(await coupons.listCoupons(app.db, req.query)),
  );

  app.post(
    '/coupons',
    {
      preHandler: app.requireAdmin('coupons.create'),
      schema: { ...base, summary: 'Create a coupon', body: couponBody, response: { 200: one } },
    },
    async (req, reply) => reply.ok(coupons.toAdminCoupon(await coupons.createCoupon(app.db, req.body)), 'cms.created'),
  );

  app.get(
    '/coupons/:id',
    {
      preHandler: app.requireAdmin('coupons.view'),
      schema: { ...base, summary: 'One coupon', params: idParam, response: { 200: one } },
    },
    async (req, reply) => {
      const row = await coupons.findCoupon(app.db, req.params.id);
      if (!row) throw notFound();
      return reply.ok(coupons.toAdminCoupon(row));
    },
  );

  app.post(
    '/coupons/:id',
    {
      preHandler: app.requireAdmin('coupons.edit'),
      schema: { ...base, summary: 'Edit a coupon', params: idParam, body: couponBody, response: { 200: one } },
    },
    async (req, reply) => {
      const row = await coupons.updateCoupon(app.db, req.params.id, req.body);
      if (!row) throw notFound();
      return reply.ok(coupons.toAdminCoupon(row), 'cms.saved');
    },
  );

  for (const [action, closed] of [
    ['open', false],
    ['close', true],
  ] as const) {
    app.post(
      `/coupons/:id/${action}`,
      {
        preHandler: app.requireAdmin('coupons.edit'),
        schema: {
          ...base,
          summary: closed ? 'Close a coupon (it can no longer be used)' : 'Open a closed coupon again',
          params: idParam,
          response: { 200: one },
        },
      },
      async (req, reply) => {
        const row = await coupons.setClosed(app.db, req.params.id, closed);
        if (!row) throw notFound();
        return reply.ok(coupons.toAdminCoupon(row), closed ? 'coupons.closed' : 'coupons.opened');
      },
    );
  }

  app.delete(
    '/coupons/:id',
    {
      preHandler: app.requireAdmin('coupons.delete'),
      schema: {
        ...base,
        summary: 'Delete a coupon (orders keep its code)',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      if (!(await coupons.deleteCoupon(app.db, req.params.id))) throw notFound();
      return reply.ok(null, 'cms.deleted');
    },
  );

  app.post(
    '/coupons/:id/notify',
    {
      preHandler: app.requireAdmin('coupons.notify'),
      schema: {
        ...base,
        summary: 'Tell every customer about an available coupon (`admin_notify`)',
        params: idParam,
        response: { 200: envelope(z.object({ sent: z.number() })) },
      },
    },
    async (req, reply) => {
      const row = await coupons.findCoupon(app.db, req.params.id);
      if (!row) throw notFound();
      if (coupons.couponStatus(row) !== 'available')
        throw new AppError('fail', 'coupons.notify_unavailable', { status: 409 });
      const text = (lang: 'ar' | 'en', key: string) =>
        translate(lang, key, {
          code: row.code,
          discount: discountText(lang, row),
          date: row.expiresAt,
        });
      const rows = await notifyUsers(
        app,
        { all: true },
        {
          type: 'admin_notify',
          title_ar: text('ar', 'coupons.notify_title'),
          title_en: text('en', 'coupons.notify_title'),
          body_ar: text('ar', 'coupons.notify_body'),
          body_en: text('en', 'coupons.notify_body'),
          link: '/online_store',
          data: { coupon_code: row.code },
        },
      );
      return reply.ok({ sent: rows.length }, 'coupons.notified', { count: rows.length });
    },
  );
}
