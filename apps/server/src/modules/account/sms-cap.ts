/**
 * SECURITY.md 7: the hourly cap of all SMS stops a pumping attack, but it also refuses every
 * honest customer until the hour turns. The admins who manage the settings are told at once,
 * once an hour (across processes), so that someone looks at it.
 */
import { translate } from '@pool/i18n';
import type { App } from '../../app-type.ts';
import { secondsToWait } from '../../plugins/rate-limits.ts';
import { adminsWhoCan, notifyAdmins } from '../realtime/index.ts';

export async function alertSmsCapReached(app: App) {
  const once = app.limiter('sms_cap_alert', { points: 1, seconds: 3600 });
  if ((await secondsToWait(once, 'global')) !== null) return;
  const cap = { cap: app.config.SMS_HOURLY_CAP_GLOBAL };
  try {
    await notifyAdmins(app, await adminsWhoCan(app.db, 'settings.edit'), {
      type: 'admin_notify',
      title_ar: translate('ar', 'server.sms_cap_title'),
      title_en: translate('en', 'server.sms_cap_title'),
      body_ar: translate('ar', 'server.sms_cap_body', cap),
      body_en: translate('en', 'server.sms_cap_body', cap),
      link: '/admin/reports',
    });
  } catch (err) {
    // The customer's answer (the refusal) does not depend on the alert.
    app.log.error({ err }, 'sms cap: the admins could not be notified');
  }
  app.log.warn(cap, 'sms: the hourly cap of all messages is reached; sign-in codes are refused');
}
