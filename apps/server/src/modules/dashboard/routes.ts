import { z } from 'zod';
import { envelope, notificationItem, SOLD_ORDER_KINDS } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { toItem } from '../notifications/index.ts';
import { monthSummary } from './service.ts';

const summary = z.object({
  new_users: z.number().describe('active customers who joined this month (Riyadh time)'),
  contact_messages: z.number(),
  unhandled_messages: z.number(),
  newest_notifications: z.array(notificationItem),
  orders: z.number().describe('orders of every kind placed this month'),
  pending_payment_orders: z.number(),
  visitors: z.number().describe('daily unique visitors of the site, summed over the month'),
  sales: z
    .number()
    .describe(
      'halalas: orders of every kind and extra services paid this month, net of cancelled and refused (refunded) orders',
    ),
  monthly_target: z.number().describe('halalas (site settings)'),
  daily: z.array(z.object({ day: z.string(), orders: z.number(), sales: z.number(), visitors: z.number() })),
  newest_orders: z.array(
    z.object({
      id: z.number(),
      number: z.string(),
      kind: z.string(),
      status: z.string(),
      total: z.number(),
      created_at: z.string(),
      customer: z.string(),
    }),
  ),
  sold_out: z.array(z.object({ id: z.number(), name: z.string() })),
  by_kind: z
    .array(
      z.object({
        kind: z.enum(SOLD_ORDER_KINDS),
        orders: z.number(),
        sales: z.number(),
        renewals: z.number().describe('package subscriptions renewed this month (0 for the other kinds)'),
      }),
    )
    .describe('each kind: orders placed this month and its sales (paid orders, extra services and renewals)'),
  open_complaints: z.number().describe('complaints and inquiries waiting for the management now (open or in review)'),
  median_first_reply_minutes: z
    .number()
    .nullable()
    .describe('the median time to the first reply of the complaints filed this month, in minutes; null when none'),
});

export default async function dashboardRoutes(app: App) {
  app.get(
    '/dashboard',
    {
      preHandler: app.requireAdmin('dashboard.view'),
      schema: {
        tags: ['admin-dashboard'],
        summary: 'The month summary of the dashboard home',
        security: [{ bearer: [] }],
        response: { 200: envelope(summary) },
      },
    },
    async (req, reply) => {
      const s = await monthSummary(app.readDb, req.admin!.id);
      return reply.ok({
        ...s,
        newest_notifications: s.newest_notifications.map((row) => toItem(row, req.lang)),
        newest_orders: s.newest_orders.map((o) => ({ ...o, created_at: o.created_at.toISOString() })),
        sold_out: s.sold_out.map((p) => ({ id: p.id, name: req.lang === 'en' ? p.name_en : p.name_ar })),
      });
    },
  );
}
