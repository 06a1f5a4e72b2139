/** In-page alerts (server-sent events) and the dashboard's notification sending. */
export default {
  alerts_region: 'New notifications',
  close_alert: 'Close the notification: {{title}}',
  sent_count_one: 'The notification was sent to 1 user',
  sent_count_other: 'The notification was sent to {{count}} users',
  sent_admins_count_zero: 'No other admin receives notifications',
  sent_admins_count_one: 'The notification was sent to 1 admin',
  sent_admins_count_other: 'The notification was sent to {{count}} admins',
  no_recipients: 'No users match this target',
  stream_not_accepted: 'This address streams server-sent events (Accept: text/event-stream)',
};
