import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes';
import { CUSTOMER_ROUTES } from './route-table.ts';

function customer(lang: 'ar' | 'en') {
  const build = (which: 'auth' | 'default') =>
    CUSTOMER_ROUTES.filter((r) => r.layout === which).map((r) =>
      r.path === '' ? index(r.file, { id: `${lang}:${r.id}` }) : route(r.path, r.file, { id: `${lang}:${r.id}` }),
    );
  return [
    layout('layouts/auth.tsx', { id: `${lang}:layout-auth` }, build('auth')),
    // An unknown address is the 404 page inside the site's header and footer.
    layout('layouts/default.tsx', { id: `${lang}:layout-default` }, [
      ...build('default'),
      route('*', 'routes/not-found.tsx', { id: `${lang}:not-found` }),
    ]),
  ];
}

/** The staff view (engineers and technicians, phone first) in `lang`: its own sign-in and session (ADR 0015). */
function staff(lang: 'ar' | 'en') {
  return [
    route('staff/login', 'routes/staff/login.tsx', { id: `${lang}:staff-login` }),
    route('staff/code', 'routes/staff/code.tsx', { id: `${lang}:staff-code` }),
    route('staff/logout', 'routes/staff/logout.tsx', { id: `${lang}:staff-logout` }),
    route('staff', 'routes/staff/layout.tsx', { id: `${lang}:staff-layout` }, [
      index('routes/staff/day.tsx', { id: `${lang}:staff-day` }),
      route('orders/:id', 'routes/staff/order.tsx', { id: `${lang}:staff-order` }),
      route('construction/:id', 'routes/staff/construction.tsx', { id: `${lang}:staff-construction` }),
    ]),
  ];
}

export default [
  ...prefix('en', [...customer('en'), ...staff('en')]),
  ...customer('ar'),
  ...staff('ar'),
  route('admin/login', 'routes/admin/login.tsx', { id: 'admin-login' }),
  route('admin', 'routes/admin/layout.tsx', { id: 'admin-layout' }, [
    index('routes/admin/home.tsx', { id: 'admin-home' }),
    route('admins', 'routes/admin/people/admins.tsx', { id: 'admin-admins' }),
    route('roles', 'routes/admin/people/roles.tsx', { id: 'admin-roles' }),
    route('users', 'routes/admin/people/users.tsx', { id: 'admin-users' }),
    route('users/:id', 'routes/admin/people/user.tsx', { id: 'admin-user' }),
    route('staff', 'routes/admin/people/staff.tsx', { id: 'admin-staff' }),
    route('reports', 'routes/admin/people/reports.tsx', { id: 'admin-reports' }),
    route('reports/:id', 'routes/admin/people/report.tsx', { id: 'admin-report' }),
    route('profile', 'routes/admin/people/profile.tsx', { id: 'admin-profile' }),
    route('notifications', 'routes/admin/people/notifications.tsx', { id: 'admin-notifications' }),
    route('content/:resource', 'routes/admin/content/resource.tsx', { id: 'admin-content' }),
    route('seo', 'routes/admin/content/seo.tsx', { id: 'admin-seo' }),
    route('settings', 'routes/admin/content/settings.tsx', { id: 'admin-settings' }),
    route('contact-messages', 'routes/admin/content/contact-messages.tsx', { id: 'admin-contact-messages' }),
    route('coupons', 'routes/admin/store/coupons.tsx', { id: 'admin-coupons' }),
    route('delivery-prices', 'routes/admin/store/delivery-prices.tsx', { id: 'admin-delivery-prices' }),
    route('service-items', 'routes/admin/services/service-items.tsx', { id: 'admin-service-items' }),
    route('packages', 'routes/admin/packages/packages.tsx', { id: 'admin-packages' }),
    route('subscriptions', 'routes/admin/packages/subscriptions.tsx', { id: 'admin-subscriptions' }),
    route('subscriptions/:id', 'routes/admin/packages/subscription.tsx', { id: 'admin-subscription' }),
    route('construction/design-types', 'routes/admin/construction/design-types.tsx', {
      id: 'admin-construction-design-types',
    }),
    route('construction/colours', 'routes/admin/construction/colours.tsx', { id: 'admin-construction-colours' }),
    route('construction/prices', 'routes/admin/construction/prices.tsx', { id: 'admin-construction-prices' }),
    route('complaints', 'routes/admin/complaints/inbox.tsx', { id: 'admin-complaints' }),
    route('complaints/:id', 'routes/admin/complaints/complaint.tsx', { id: 'admin-complaint' }),
    route('store-orders', 'routes/admin/store/store-orders.tsx', { id: 'admin-store-orders' }),
    route('store-orders/:id', 'routes/admin/store/store-order.tsx', { id: 'admin-store-order' }),
    route('store-orders/:id/invoice', 'routes/admin/store/store-order-invoice.tsx', {
      id: 'admin-store-order-invoice',
    }),
    route('service-orders', 'routes/admin/services/service-orders.tsx', { id: 'admin-service-orders' }),
    route('service-orders/:id', 'routes/admin/services/service-order.tsx', { id: 'admin-service-order' }),
    route('visits-calendar', 'routes/admin/services/visits-calendar.tsx', { id: 'admin-visits-calendar' }),
    route('service-orders/construction/:id', 'routes/admin/construction/order.tsx', {
      id: 'admin-construction-order',
    }),
    route('features', 'routes/admin/catalogue/features.tsx', { id: 'admin-features' }),
    route('products', 'routes/admin/catalogue/products.tsx', { id: 'admin-products' }),
    route('products/main-changes', 'routes/admin/catalogue/main-changes.tsx', { id: 'admin-product-main-changes' }),
    route('products/:id', 'routes/admin/catalogue/product.tsx', { id: 'admin-product' }),
  ]),
] satisfies RouteConfig;
