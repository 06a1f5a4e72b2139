import { Badge, NavLink, Stack } from '@mantine/core';
import {
  IconTools,
  IconTool,
  IconArrowsRightLeft,
  IconBan,
  IconHelpCircle,
  IconMail,
  IconPhoto,
  IconSeo,
  IconSettings,
  IconShare,
  IconBell,
  IconBuildingCommunity,
  IconFileText,
  IconLayoutDashboard,
  IconReportAnalytics,
  IconShieldLock,
  IconUserShield,
  IconUsers,
  IconWorld,
  IconTag,
  IconCategory,
  IconAdjustmentsHorizontal,
  IconPackage,
  IconTicket,
  IconTruckDelivery,
  IconShoppingCart,
  IconClipboardList,
  IconMessageReport,
  IconRepeat,
  IconCalendarRepeat,
  IconCalendarWeek,
  IconSwimming,
  IconPalette,
  IconReceipt2,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink } from 'react-router';
import { PERMISSION_GROUPS, type AdminProfile, type PermissionGroup } from '@pool/contracts/admin';

const ICONS: Record<PermissionGroup, typeof IconBell> = {
  dashboard: IconLayoutDashboard,
  admins: IconUserShield,
  roles: IconShieldLock,
  users: IconUsers,
  reports: IconReportAnalytics,
  countries: IconWorld,
  cities: IconBuildingCommunity,
  socials: IconShare,
  intros: IconFileText,
  banners: IconPhoto,
  faqs: IconHelpCircle,
  cancel_reasons: IconBan,
  seo: IconSeo,
  redirects: IconArrowsRightLeft,
  settings: IconSettings,
  contact_messages: IconMail,
  notifications: IconBell,
  brands: IconTag,
  categories: IconCategory,
  features: IconAdjustmentsHorizontal,
  products: IconPackage,
  coupons: IconTicket,
  delivery: IconTruckDelivery,
  orders: IconShoppingCart,
  staff: IconTools,
  service_items: IconTool,
  packages: IconRepeat,
  construction: IconSwimming,
  complaints: IconMessageReport,
};

/** The screen of each permission group. */
const READY: Partial<Record<PermissionGroup, string>> = {
  dashboard: '/admin',
  admins: '/admin/admins',
  roles: '/admin/roles',
  users: '/admin/users',
  reports: '/admin/reports',
  countries: '/admin/content/countries',
  cities: '/admin/content/cities',
  socials: '/admin/content/socials',
  intros: '/admin/content/intros',
  banners: '/admin/content/banners',
  faqs: '/admin/content/faqs',
  cancel_reasons: '/admin/content/cancel-reasons',
  seo: '/admin/seo',
  redirects: '/admin/content/redirects',
  settings: '/admin/settings',
  contact_messages: '/admin/contact-messages',
  notifications: '/admin/notifications',
  coupons: '/admin/coupons',
  delivery: '/admin/delivery-prices',
  orders: '/admin/store-orders',
  brands: '/admin/content/brands',
  categories: '/admin/content/categories',
  features: '/admin/features',
  products: '/admin/products',
  staff: '/admin/staff',
  service_items: '/admin/service-items',
  packages: '/admin/packages',
  construction: '/admin/construction/design-types',
  complaints: '/admin/complaints',
};

/**
 * More screens of a group, listed under its own entry: the orders group opens the store's
 * orders, the service orders (immediate maintenance, later the other service kinds) and the
 * package subscriptions.
 */
const MORE: Partial<Record<PermissionGroup, { id: string; path: string; label: string; icon: typeof IconBell }[]>> = {
  orders: [
    { id: 'service-orders', path: '/admin/service-orders', label: 'operations.nav', icon: IconClipboardList },
    { id: 'visits-calendar', path: '/admin/visits-calendar', label: 'visits-calendar.title', icon: IconCalendarWeek },
    {
      id: 'subscriptions',
      path: '/admin/subscriptions',
      label: 'packages-admin.subscriptions_nav',
      icon: IconCalendarRepeat,
    },
  ],
  construction: [
    {
      id: 'construction-colours',
      path: '/admin/construction/colours',
      label: 'construction-admin.nav_colours',
      icon: IconPalette,
    },
    {
      id: 'construction-prices',
      path: '/admin/construction/prices',
      label: 'construction-admin.nav_prices',
      icon: IconReceipt2,
    },
  ],
};

/** The permission groups this admin may open (any permission of a group shows it). */
export function visibleGroups(admin: Pick<AdminProfile, 'is_super' | 'permissions'>): PermissionGroup[] {
  return (Object.keys(PERMISSION_GROUPS) as PermissionGroup[]).filter(
    (g) => admin.is_super || admin.permissions.some((p) => p.startsWith(`${g}.`)),
  );
}

export function AdminNav({ admin, onNavigate }: { admin: AdminProfile; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
      {visibleGroups(admin).map((group) => {
        const Icon = ICONS[group];
        const path = READY[group];
        return (
          <li key={group}>
            {path ? (
              <NavLink
                component={RouterNavLink}
                to={path}
                end
                onClick={onNavigate}
                label={t(`admin.group_${group}`)}
                leftSection={<Icon size={20} aria-hidden />}
                variant="filled"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                data-testid={`admin-nav-${group}`}
              />
            ) : (
              <NavLink
                component="div"
                aria-disabled="true"
                label={t(`admin.group_${group}`)}
                title={t('admin.soon_hint')}
                leftSection={<Icon size={20} aria-hidden />}
                rightSection={
                  <Badge size="sm" variant="light" color="gray" c="dark.5" fw={600}>
                    {t('admin.soon')}
                  </Badge>
                }
                c="dimmed"
                style={{ borderRadius: 'var(--mantine-radius-md)', cursor: 'default' }}
                data-testid={`admin-nav-${group}`}
              />
            )}
            {(MORE[group] ?? []).map((more) => (
              <NavLink
                key={more.id}
                component={RouterNavLink}
                to={more.path}
                onClick={onNavigate}
                label={t(more.label)}
                leftSection={<more.icon size={20} aria-hidden />}
                variant="filled"
                style={{ borderRadius: 'var(--mantine-radius-md)', marginTop: 4 }}
                data-testid={`admin-nav-${more.id}`}
              />
            ))}
          </li>
        );
      })}
    </Stack>
  );
}
