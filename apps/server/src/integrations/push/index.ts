import type { Config } from '../../config.ts';
import { fcmDriver } from './fcm.ts';
import type { PushDriver, PushKind } from './types.ts';
import { webPushDriver } from './webpush.ts';

export { PushError, type PushDriver, type PushKind, type PushTarget } from './types.ts';

export type PushDrivers = Partial<Record<PushKind, PushDriver>>;

type Required<K extends keyof Config> = Config & { [P in K]: string };
const webPushConfigured = (c: Config): c is Required<'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'> =>
  Boolean(c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY && c.VAPID_SUBJECT);
const fcmConfigured = (c: Config): c is Required<'FCM_PROJECT_ID' | 'FCM_CLIENT_EMAIL' | 'FCM_PRIVATE_KEY'> =>
  Boolean(c.FCM_PROJECT_ID && c.FCM_CLIENT_EMAIL && c.FCM_PRIVATE_KEY);

/** The push kinds this server can deliver; nothing is queued for the others. */
export function configuredPushKinds(config: Config): PushKind[] {
  return [
    ...(fcmConfigured(config) ? (['fcm'] as const) : []),
    ...(webPushConfigured(config) ? (['webpush'] as const) : []),
  ];
}

/** The drivers whose configuration is complete; a kind without one is skipped by the worker. */
export function createPushDrivers(config: Config): PushDrivers {
  const drivers: PushDrivers = {};
  if (webPushConfigured(config)) {
    drivers.webpush = webPushDriver({
      publicKey: config.VAPID_PUBLIC_KEY,
      privateKey: config.VAPID_PRIVATE_KEY,
      subject: config.VAPID_SUBJECT,
    });
  }
  if (fcmConfigured(config)) {
    drivers.fcm = fcmDriver({
      projectId: config.FCM_PROJECT_ID,
      clientEmail: config.FCM_CLIENT_EMAIL,
      privateKey: config.FCM_PRIVATE_KEY,
      apiUrl: config.FCM_API_URL,
      tokenUrl: config.FCM_TOKEN_URL,
    });
  }
  return drivers;
}
