/** Scheduled maintenance: packages, subscriptions and their visits (the site's pages and the API's messages). */
export default {
  subscribed: 'You are subscribed',
  cancelled: 'The subscription was cancelled',
  auto_renew_on: 'Automatic renewal is on',
  auto_renew_off: 'Automatic renewal is off',
  visit_cancelled: 'The visit was cancelled: choose another time for it',
  visit_scheduled: 'The visit was booked',
  slots_required: 'Choose the dates of the visits',
  slots_exactly: 'Please choose {{required}} dates exactly',
  slot_twice: 'Two visits cannot be at the same time',
  slot_after_validity: 'Every visit must fall within the package’s {{days}} days',
  slot_after_end: 'The visit must be before the subscription ends',
  visit_cancel_too_late: 'A visit can be cancelled up to {{hours}} hours before it',
  not_active: 'The subscription is not active',
};
