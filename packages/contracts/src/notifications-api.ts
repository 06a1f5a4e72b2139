import { z } from 'zod';
import { NOTIFICATION_TYPES } from './notifications.ts';
import { paginated } from './envelope.ts';

export const notificationItem = z.object({
  id: z.number(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string().describe('in the request language'),
  body: z.string(),
  title_ar: z.string(),
  title_en: z.string(),
  body_ar: z.string(),
  body_en: z.string(),
  link: z.string().nullable().describe('site path the notification opens'),
  order_id: z.number().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationsPage = z.object({ notifications: paginated(notificationItem) });
export const notificationsCount = z.object({ count: z.number() });
