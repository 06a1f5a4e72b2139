/**
 * Dashboard people and permissions (under /api/admin): admins, roles, app users,
 * reports (the audit log) and the admin's own profile. Each route names its
 * permission in `app.requireAdmin(...)`; plugins/audit.ts exposes it and logs writes.
 */
import type { App } from '../../app-type.ts';
import { adminsRoutes } from './admins-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { reportsRoutes } from './reports-routes.ts';
import { rolesRoutes } from './roles-routes.ts';
import { usersRoutes } from './users-routes.ts';

export default async function adminPeopleRoutes(app: App) {
  adminsRoutes(app);
  rolesRoutes(app);
  usersRoutes(app);
  reportsRoutes(app);
  profileRoutes(app);
}
