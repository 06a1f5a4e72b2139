import { z } from 'zod';

/** A browser's `PushSubscription.toJSON()` (standard Web Push, RFC 8030/8291). */
export const webPushSubscription = z.object({
  endpoint: z.url().max(2000),
  keys: z.object({
    p256dh: z
      .string()
      .min(80)
      .max(200)
      .regex(/^[A-Za-z0-9_-]+=*$/),
    auth: z
      .string()
      .min(16)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+=*$/),
  }),
});
export type WebPushSubscription = z.infer<typeof webPushSubscription>;

export const webPushUnsubscribe = z.object({ endpoint: z.url().max(2000) });

/** The VAPID application server key (base64url), or null when Web Push is not configured. */
export const vapidPublicKey = z.object({ public_key: z.string().nullable() });
export type VapidPublicKey = z.infer<typeof vapidPublicKey>;

/** What a push carries (spec §3): all values are strings (FCM `data` only takes strings). */
export type PushPayload = {
  type: string;
  /** In the recipient's language. */
  title: string;
  title_en: string;
  title_ar: string;
  body: string;
  body_en: string;
  body_ar: string;
  link?: string;
  order_id?: string;
  notification_id?: string;
};

/** localStorage key of the site's push token and when it was stored (spec §3, §9). */
export const PUSH_TOKEN_STORAGE_KEY = 'fcm_token';
