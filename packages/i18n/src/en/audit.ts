/**
 * Subjects of the audit log (reports): the stored key `<screen>.<action>` is
 * translated when read, in the admin's language. `generic` names a permission
 * code that has no subject of its own.
 */
export default {
  generic: '{{screen}}: {{action}}',
  admin_auth: { locked: 'Sign-in paused after wrong passwords' },
  admins: {
    unlock: 'Lift the sign-in locks of an admin',
    create: 'Add an admin',
    edit: 'Edit an admin',
    delete: 'Delete an admin',
    block: 'Block an admin',
    unblock: 'Unblock an admin',
  },
  roles: { create: 'Add a role', edit: 'Edit a role', delete: 'Delete a role' },
  users: { block: 'Block an app user', unblock: 'Unblock an app user' },
  countries: { create: 'Add a country code', edit: 'Edit a country code', delete: 'Delete a country code' },
  cities: { create: 'Add a city', edit: 'Edit a city', delete: 'Delete a city' },
  socials: { create: 'Add a social link', edit: 'Edit a social link', delete: 'Delete a social link' },
  intros: { create: 'Add an intro page', edit: 'Edit an intro page', delete: 'Delete an intro page' },
  banners: {
    create: 'Add an ad banner',
    edit: 'Edit an ad banner',
    delete: 'Delete an ad banner',
    reorder: 'Reorder the ad banners',
  },
  faqs: { create: 'Add a FAQ entry', edit: 'Edit a FAQ entry', delete: 'Delete a FAQ entry' },
  cancel_reasons: { create: 'Add a cancel reason', edit: 'Edit a cancel reason', delete: 'Delete a cancel reason' },
  redirects: { create: 'Add a redirect', edit: 'Edit a redirect', delete: 'Delete a redirect' },
  seo: { edit: 'Edit the SEO entry of a page' },
  settings: { edit: 'Save the site settings' },
  about: {
    create: 'Add a section to the about page',
    edit: 'Edit a section of the about page',
    delete: 'Delete a section of the about page',
  },
  terms: {
    create: 'Add a section to the terms',
    edit: 'Edit a section of the terms',
    delete: 'Delete a section of the terms',
  },
  contact_messages: { edit: 'Change the status of a contact message' },
  notifications: { send: 'Send a notification' },
  profile: { edit: 'Edit my name, image and password' },
  session: { sign_out: 'Sign out of the dashboard' },
  brands: { create: 'Add a brand', edit: 'Edit a brand', delete: 'Delete a brand' },
  categories: { create: 'Add a category', edit: 'Edit a category', delete: 'Delete a category' },
  features: {
    create: 'Add a feature with its options',
    edit: 'Edit a feature and its options',
    delete: 'Delete a feature',
  },
  products: {
    create: 'Add a product',
    edit: 'Edit a product',
    delete: 'Delete a product',
    preview: 'Review a product before saving',
    upload: 'Upload a product image',
    activate: 'Activate a product',
    deactivate: 'Deactivate a product',
    availability: 'Change a product’s availability',
    stock_settings: 'Change the low-stock threshold',
    main_approve: 'Approve a main display product',
    main_reject: 'Reject a main display product change',
  },
};
