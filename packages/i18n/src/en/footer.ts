export default {
  quick_links: 'Quick links',
  contact: 'Contact us',
  location: 'Location',
  phone: 'Phone',
  email: 'E-mail',
  tax_number: 'Tax number',
  commercial_record: 'Commercial record',
  download_apps: 'Get the app',
  app_store: 'Download on the App Store',
  google_play: 'Get it on Google Play',
  opens_new_tab: '(opens in a new tab)',
  rights: 'All rights reserved © {{year}} {{name}}',
};
