/** Every API module, registered under its prefix. */
import type { FastifyInstance } from 'fastify';
import accountRoutes from './account/routes.ts';
import adminAuthRoutes from './admin-auth/routes.ts';
import adminCatalogueRoutes from './catalogue/admin-routes.ts';
import storeRoutes from './catalogue/routes.ts';
import adminContentRoutes from './admin-content/routes.ts';
import adminPeopleRoutes from './admin-people/routes.ts';
import pushRoutes from './push/routes.ts';
import realtimeRoutes from './realtime/routes.ts';
import contentRoutes from './content/routes.ts';
import countriesRoutes from './countries/routes.ts';
import dashboardRoutes from './dashboard/routes.ts';
import healthRoutes from './health/routes.ts';
import notificationsRoutes from './notifications/routes.ts';
import uploadsRoutes from './uploads/routes.ts';
import couponRoutes from './coupons/routes.ts';
import deliveryRoutes from './delivery/routes.ts';
import addressRoutes from './addresses/routes.ts';
import cartRoutes from './cart/routes.ts';
import orderRoutes from './orders/routes.ts';
import adminOrderRoutes from './orders/admin-routes.ts';
import paymentsRoutes, { applePayDomainRoute } from './payments/routes.ts';
import walletRoutes from './wallet/routes.ts';
import staffRoutes from './staff/routes.ts';
import adminStaffRoutes from './staff/admin-routes.ts';
import fieldWorkStaffRoutes from './field-work/staff-routes.ts';
import fieldWorkUserRoutes from './field-work/user-routes.ts';
import fieldWorkAdminRoutes from './field-work/admin-routes.ts';
import { adminServiceItemRoutes, staffServiceItemRoutes } from './service-items/routes.ts';
import maintenanceRoutes from './maintenance/routes.ts';
import adminPackageRoutes from './packages/admin-routes.ts';
import packageRoutes from './packages/routes.ts';
import adminMaintenanceRoutes from './maintenance/admin-routes.ts';
import adminScheduleRoutes from './schedule/admin-routes.ts';
import chatRoutes from './chat/routes.ts';
import constructionRoutes from './construction/routes.ts';
import constructionStaffRoutes from './construction/staff-routes.ts';
import adminConstructionRoutes from './construction/admin-routes.ts';
import { adminComplaintRoutes, userComplaintRoutes } from './complaints/routes.ts';

export async function registerModules(app: FastifyInstance) {
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(countriesRoutes, { prefix: '/api/user' });
  await app.register(accountRoutes, { prefix: '/api/user' });
  await app.register(contentRoutes, { prefix: '/api/user' });
  await app.register(notificationsRoutes, { prefix: '/api/user' });
  await app.register(adminAuthRoutes, { prefix: '/api/admin' });
  // Dashboard screens (issue 3): people and permissions, content.
  await app.register(adminPeopleRoutes, { prefix: '/api/admin' });
  await app.register(adminContentRoutes, { prefix: '/api/admin' });
  await app.register(dashboardRoutes, { prefix: '/api/admin' });
  // The store's catalogue (issue 4): dashboard and public store.
  await app.register(adminCatalogueRoutes, { prefix: '/api/admin' });
  await app.register(storeRoutes, { prefix: '/api/user' });
  // Notifications in real time (server-sent events) and push delivery; each module names its full paths under /api.
  await app.register(realtimeRoutes, { prefix: '/api' });
  await app.register(pushRoutes, { prefix: '/api' });
  // Card payments (return, webhook, sandbox page, /user/payments) and the wallet.
  await app.register(paymentsRoutes, { prefix: '/api' });
  await app.register(applePayDomainRoute);
  await app.register(walletRoutes, { prefix: '/api/user' });
  // Buying (issue 4): coupons, delivery prices, addresses, the cart, checkout and store orders.
  await app.register(couponRoutes, { prefix: '/api/admin' });
  await app.register(deliveryRoutes, { prefix: '/api/admin' });
  await app.register(adminOrderRoutes, { prefix: '/api/admin' });
  await app.register(addressRoutes, { prefix: '/api/user' });
  await app.register(cartRoutes, { prefix: '/api/user' });
  await app.register(orderRoutes, { prefix: '/api/user' });
  // Engineers and technicians: managed in the dashboard; their own API under /api/staff.
  await app.register(adminStaffRoutes, { prefix: '/api/admin' });
  await app.register(staffRoutes, { prefix: '/api/staff' });
  // Field work (issue 10): the staff's day, moves, extra services and visit report; the customer's answers and ratings.
  await app.register(fieldWorkStaffRoutes, { prefix: '/api/staff' });
  await app.register(fieldWorkUserRoutes, { prefix: '/api/user' });
  await app.register(fieldWorkAdminRoutes, { prefix: '/api/admin' });
  // Spare parts and extra services: the dashboard's catalogue and the pickers (offer editor, staff).
  await app.register(adminServiceItemRoutes, { prefix: '/api/admin' });
  await app.register(staffServiceItemRoutes, { prefix: '/api/staff' });
  // Immediate maintenance (issue 10): the customer's requests and orders, the dashboard's service orders.
  await app.register(maintenanceRoutes, { prefix: '/api/user' });
  await app.register(packageRoutes, { prefix: '/api/user' });
  await app.register(adminPackageRoutes, { prefix: '/api/admin' });
  await app.register(adminMaintenanceRoutes, { prefix: '/api/admin' });
  // The technicians' visits calendar (issue 11): a week of visits, reassigned through the orders' assignment.
  await app.register(adminScheduleRoutes, { prefix: '/api/admin' });
  // Pool construction (issue 11): the designer and the customer's orders, the engineer's side, the dashboard's.
  await app.register(constructionRoutes, { prefix: '/api/user' });
  await app.register(constructionStaffRoutes, { prefix: '/api/staff' });
  await app.register(adminConstructionRoutes, { prefix: '/api/admin' });
  // The chat of each service order, for its customer, its staff and admins; each path in full under /api.
  await app.register(chatRoutes, { prefix: '/api' });
  // Complaints and inquiries: the customer's, and the dashboard's inbox.
  await app.register(userComplaintRoutes, { prefix: '/api/user' });
  await app.register(adminComplaintRoutes, { prefix: '/api/admin' });
  // Stored files under /uploads (outside /api).
  await app.register(uploadsRoutes);
}
