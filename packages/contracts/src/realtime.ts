/** Real-time notifications: the admin send form and the server-sent events of the streams. */
import { z } from 'zod';
import { requiredText, V, DB_INT_MAX } from './fields.ts';

/** How long EventSource waits before reconnecting (the `retry:` hint); the heartbeat is the server's STREAM_HEARTBEAT_MS. */
export const STREAM_RETRY_MS = 3000;

/** Customers (one, all, a city's), or the other admins who can read notifications. */
export const NOTIFY_TARGETS = ['user', 'all', 'city', 'admins'] as const;

const optionalId = z.coerce.number({ error: V.invalid }).int().positive().max(DB_INT_MAX).optional();

/** POST /api/admin/notifications/send: one customer, all customers, a city's customers, or the other admins; both languages required. */
export const notifySendBody = z
  .object({
    target: z.enum(NOTIFY_TARGETS, { error: V.invalid }),
    user_id: optionalId,
    city_id: optionalId,
    title_ar: requiredText(1, 150),
    title_en: requiredText(1, 150),
    body_ar: requiredText(1, 1000),
    body_en: requiredText(1, 1000),
  })
  .superRefine((v, ctx) => {
    if (v.target === 'user' && !v.user_id) ctx.addIssue({ code: 'custom', path: ['user_id'], message: V.required });
    if (v.target === 'city' && !v.city_id) ctx.addIssue({ code: 'custom', path: ['city_id'], message: V.required });
  });
export type NotifySendBody = z.infer<typeof notifySendBody>;

export const notifySent = z.object({ sent: z.number().describe('number of recipients') });
