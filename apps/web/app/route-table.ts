/**
 * Every customer route of spec section 2, declared once; `routes.ts` mounts
 * each in Arabic (no prefix) and English (`/en`). `auth` marks the (auth)
 * routes: a signed-out visitor or a guest gets the "not registered" dialog.
 */
export type CustomerRoute = { id: string; path: string; file: string; auth?: boolean; layout: 'auth' | 'default' };

/** The three chats of spec section 2 are one page (the order's kind comes with the thread). */
const chat = 'routes/chat/chat.tsx';

export const CUSTOMER_ROUTES: CustomerRoute[] = [
  { id: 'auth-login', path: 'auth/login', file: 'routes/auth/login.tsx', layout: 'auth' },
  { id: 'auth-Otp', path: 'auth/Otp', file: 'routes/auth/otp.tsx', layout: 'auth' },
  { id: 'auth-register', path: 'auth/register', file: 'routes/auth/register.tsx', layout: 'auth' },
  { id: 'auth-logout', path: 'auth/logout', file: 'routes/auth/logout.tsx', layout: 'auth' },

  { id: 'home', path: '', file: 'routes/home.tsx', layout: 'default' },
  { id: 'chat-immediate', path: 'chat/chat_immediate_maintenance', file: chat, auth: true, layout: 'default' },
  { id: 'chat-construction', path: 'chat/chat_pool_construction', file: chat, auth: true, layout: 'default' },
  { id: 'chat-scheduled', path: 'chat/chat_scheduled_maintenance', file: chat, auth: true, layout: 'default' },
  { id: 'construction', path: 'construction', file: 'routes/construction/request.tsx', auth: true, layout: 'default' },
  {
    id: 'immediate-maintenance',
    path: 'Immediate_maintenance',
    file: 'routes/maintenance/request.tsx',
    auth: true,
    layout: 'default',
  },
  {
    id: 'scheduled-maintenance',
    path: 'scheduled_maintenance',
    file: 'routes/packages/packages.tsx',
    auth: true,
    layout: 'default',
  },
  { id: 'contact-us', path: 'contact_us', file: 'routes/contact-us.tsx', layout: 'default' },
  { id: 'date-picker', path: 'date_picker', file: 'routes/maintenance/date-picker.tsx', auth: true, layout: 'default' },
  { id: 'time', path: 'time', file: 'routes/maintenance/time.tsx', auth: true, layout: 'default' },
  { id: 'terms', path: 'terms_conditions', file: 'routes/terms.tsx', layout: 'default' },
  { id: 'profile', path: 'profile', file: 'routes/profile.tsx', auth: true, layout: 'default' },
  { id: 'notifications', path: 'notifications', file: 'routes/notifications.tsx', auth: true, layout: 'default' },
  { id: 'shopping-cart', path: 'shopping_cart', file: 'routes/cart.tsx', layout: 'default' },
  { id: 'name-online-store', path: 'name_online_store', file: 'routes/store/online-store.tsx', layout: 'default' },
  { id: 'online-store', path: 'online_store', file: 'routes/store/online-store.tsx', layout: 'default' },
  { id: 'online-store-details', path: 'online_store/:details', file: 'routes/store/product.tsx', layout: 'default' },
  { id: 'online-store-id', path: 'online_store_id/:id', file: 'routes/store/product-id.tsx', layout: 'default' },
  { id: 'more', path: 'more', file: 'routes/more.tsx', layout: 'default' },
  { id: 'about', path: 'more/about_the_site', file: 'routes/about.tsx', layout: 'default' },
  { id: 'faq', path: 'more/faq', file: 'routes/faq.tsx', layout: 'default' },
  { id: 'favorite', path: 'more/favorite', file: 'routes/favorite.tsx', auth: true, layout: 'default' },
  { id: 'my-remains', path: 'more/my_remains', file: 'routes/packages/my-remains.tsx', auth: true, layout: 'default' },
  { id: 'wallet', path: 'more/wallet', file: 'routes/wallet.tsx', auth: true, layout: 'default' },
  {
    id: 'complaints',
    path: 'more/complaints_inquiries',
    file: 'routes/complaints/list.tsx',
    auth: true,
    layout: 'default',
  },
  {
    id: 'complaint',
    path: 'more/complaints_inquiries/:id',
    file: 'routes/complaints/complaint.tsx',
    auth: true,
    layout: 'default',
  },
  {
    id: 'order-complaints',
    path: 'more/order_complaints_inquiries',
    file: 'routes/complaints/order.tsx',
    auth: true,
    layout: 'default',
  },
  { id: 'orders', path: 'orders', file: 'routes/orders/index.tsx', auth: true, layout: 'default' },
  {
    id: 'orders-immediate',
    path: 'orders/immediate_maintenance',
    file: 'routes/maintenance/orders.tsx',
    auth: true,
    layout: 'default',
  },
  {
    id: 'orders-immediate-id',
    path: 'orders/immediate_maintenance/:id',
    file: 'routes/maintenance/order.tsx',
    auth: true,
    layout: 'default',
  },
  {
    id: 'orders-store',
    path: 'orders/online_store_order',
    file: 'routes/orders/store-list.tsx',
    auth: true,
    layout: 'default',
  },
  {
    id: 'orders-store-id',
    path: 'orders/online_store_order/:id',
    file: 'routes/orders/store-order.tsx',
    auth: true,
    layout: 'default',
  },
  {
    id: 'orders-construction',
    path: 'orders/pool_construction',
    file: 'routes/construction/orders.tsx',
    auth: true,
    layout: 'default',
  },
  {
    id: 'orders-construction-id',
    path: 'orders/pool_construction/:id',
    file: 'routes/construction/order.tsx',
    auth: true,
    layout: 'default',
  },
  {
    id: 'orders-scheduled',
    path: 'orders/scheduled_maintenance',
    file: 'routes/packages/orders.tsx',
    auth: true,
    layout: 'default',
  },
  {
    id: 'orders-scheduled-id',
    path: 'orders/scheduled_maintenance/:id',
    file: 'routes/packages/subscription.tsx',
    auth: true,
    layout: 'default',
  },
  /** Where a visit's notification leads: its subscription's page at that visit. */
  {
    id: 'orders-scheduled-visit',
    path: 'orders/scheduled_maintenance/visits/:visitId',
    file: 'routes/packages/visit.tsx',
    auth: true,
    layout: 'default',
  },
  {
    id: 'orders-evaluation',
    path: 'orders/evaluation/:evaluation',
    file: 'routes/orders/evaluation.tsx',
    auth: true,
    layout: 'default',
  },
  {
    id: 'order-details',
    path: 'order-details',
    file: 'routes/orders/order-details.tsx',
    auth: true,
    layout: 'default',
  },
  { id: 'settings', path: 'settings', file: 'routes/settings.tsx', layout: 'default' },
  {
    id: 'edit-profile',
    path: 'settings/edit_profile',
    file: 'routes/settings/edit-profile.tsx',
    auth: true,
    layout: 'default',
  },
  {
    id: 'change-mobile',
    path: 'settings/change_mobile_number',
    file: 'routes/settings/change-mobile.tsx',
    auth: true,
    layout: 'default',
  },
  {
    id: 'change-mobile-phone',
    path: 'settings/change_mobile_number_phone',
    file: 'routes/settings/change-mobile-phone.tsx',
    auth: true,
    layout: 'default',
  },
  {
    id: 'change-mobile-confirm',
    path: 'settings/phone_number_change_confirmation',
    file: 'routes/settings/change-mobile-confirm.tsx',
    auth: true,
    layout: 'default',
  },
];

const patterns = CUSTOMER_ROUTES.filter((r) => r.auth).map(
  (r) => new RegExp(`^/${r.path.replace(/:[^/]+/g, '[^/]+')}/?$`),
);

/** Whether a locale-free path is an (auth) route. */
export const isAuthPath = (path: string) => patterns.some((re) => re.test(path));

const matchers = CUSTOMER_ROUTES.map((r) => ({
  id: r.id,
  re: new RegExp(`^/${r.path.replace(/:[^/]+/g, '[^/]+')}/?$`),
}));

/** The SEO entry of a locale-free path: its route id (the sign-in pages as `login`, `otp`, `register`). */
export function seoKeyFor(path: string): string | null {
  const id = matchers.find((m) => m.re.test(path))?.id;
  return id ? id.replace(/^auth-/, '').toLowerCase() : null;
}
