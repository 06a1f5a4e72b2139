/** Browser push notifications: the settings control and the API messages. */
export default {
  title: 'Browser notifications',
  hint: 'Get order updates and offers even when the site is closed.',
  staff_hint:
    'Get new visits, customers’ messages and changes to your work on this phone, even when the page is closed.',
  enable: 'Enable notifications',
  enabled: 'Notifications are enabled in this browser.',
  blocked: 'Notifications are blocked in this browser. You can allow them from the browser’s site settings.',
  subscribed: 'Notifications enabled',
  unsubscribed: 'Notifications disabled',
  endpoint_insecure: 'The push address must be a known browser push service over https',
};
