/**
 * The dashboard's side bar as data: the daily work at the top, then six collapsible
 * sections. Each entry opens one screen and shows when the admin holds any permission
 * of its group (the server still checks the one each screen needs).
 */
import {
  IconAdjustmentsHorizontal,
  IconArrowsRightLeft,
  IconBan,
  IconBell,
  IconBuildingCommunity,
  IconCalendarRepeat,
  IconCalendarWeek,
  IconCategory,
  IconClipboardList,
  IconFileText,
  IconHelpCircle,
  IconLayoutDashboard,
  IconMail,
  IconMessageReport,
  IconPackage,
  IconPalette,
  IconPhoto,
  IconReceipt2,
  IconReportAnalytics,
  IconRepeat,
  IconSeo,
  IconSettings,
  IconShare,
  IconShieldLock,
  IconShoppingCart,
  IconSwimming,
  IconTag,
  IconTicket,
  IconTool,
  IconTools,
  IconTruckDelivery,
  IconUserShield,
  IconUsers,
  IconWorld,
} from '@tabler/icons-react';
import { normalizeSearch } from '@pool/contracts/store';
import { PERMISSION_GROUPS, type AdminProfile, type PermissionGroup } from '@pool/contracts/admin';

export type NavEntry = {
  /** `admin-nav-<id>` in tests; a permission group's own screen has the group's name. */
  id: string;
  path: string;
  /** Any permission of this group shows the entry. */
  group: PermissionGroup;
  /** A text key. */
  label: string;
  icon: typeof IconBell;
};
/** `top` has no heading and never collapses. */
export type NavSectionId = 'top' | 'catalogue' | 'store' | 'services' | 'people' | 'content' | 'settings';
export type NavSection = { id: NavSectionId; entries: NavEntry[] };

const own = (group: PermissionGroup, path: string, icon: typeof IconBell): NavEntry => ({
  id: group,
  path,
  group,
  label: `admin.group_${group}`,
  icon,
});

export const NAV_SECTIONS: NavSection[] = [
  {
    id: 'top',
    entries: [
      own('dashboard', '/admin', IconLayoutDashboard),
      own('orders', '/admin/store-orders', IconShoppingCart),
      {
        id: 'service-orders',
        path: '/admin/service-orders',
        group: 'orders',
        label: 'operations.nav',
        icon: IconClipboardList,
      },
      {
        id: 'visits-calendar',
        path: '/admin/visits-calendar',
        group: 'orders',
        label: 'visits-calendar.title',
        icon: IconCalendarWeek,
      },
      own('complaints', '/admin/complaints', IconMessageReport),
      own('contact_messages', '/admin/contact-messages', IconMail),
    ],
  },
  {
    id: 'catalogue',
    entries: [
      own('products', '/admin/products', IconPackage),
      own('categories', '/admin/content/categories', IconCategory),
      own('brands', '/admin/content/brands', IconTag),
      own('features', '/admin/features', IconAdjustmentsHorizontal),
    ],
  },
  {
    id: 'store',
    entries: [
      own('coupons', '/admin/coupons', IconTicket),
      own('delivery', '/admin/delivery-prices', IconTruckDelivery),
      own('banners', '/admin/content/banners', IconPhoto),
    ],
  },
  {
    id: 'services',
    entries: [
      own('service_items', '/admin/service-items', IconTool),
      own('packages', '/admin/packages', IconRepeat),
      {
        id: 'subscriptions',
        path: '/admin/subscriptions',
        group: 'orders',
        label: 'packages-admin.subscriptions_nav',
        icon: IconCalendarRepeat,
      },
      own('construction', '/admin/construction/design-types', IconSwimming),
      {
        id: 'construction-colours',
        path: '/admin/construction/colours',
        group: 'construction',
        label: 'construction-admin.nav_colours',
        icon: IconPalette,
      },
      {
        id: 'construction-prices',
        path: '/admin/construction/prices',
        group: 'construction',
        label: 'construction-admin.nav_prices',
        icon: IconReceipt2,
      },
    ],
  },
  {
    id: 'people',
    entries: [
      own('users', '/admin/users', IconUsers),
      own('staff', '/admin/staff', IconTools),
      own('admins', '/admin/admins', IconUserShield),
      own('roles', '/admin/roles', IconShieldLock),
      own('notifications', '/admin/notifications', IconBell),
      own('reports', '/admin/reports', IconReportAnalytics),
    ],
  },
  {
    id: 'content',
    entries: [
      own('intros', '/admin/content/intros', IconFileText),
      own('faqs', '/admin/content/faqs', IconHelpCircle),
      own('socials', '/admin/content/socials', IconShare),
    ],
  },
  {
    id: 'settings',
    entries: [
      own('settings', '/admin/settings', IconSettings),
      own('seo', '/admin/seo', IconSeo),
      own('redirects', '/admin/content/redirects', IconArrowsRightLeft),
      own('countries', '/admin/content/countries', IconWorld),
      own('cities', '/admin/content/cities', IconBuildingCommunity),
      own('cancel_reasons', '/admin/content/cancel-reasons', IconBan),
    ],
  },
];

/** The text key of a section's heading. */
export const sectionLabel = (id: NavSectionId) => `admin.nav_section_${id}`;

type Admin = Pick<AdminProfile, 'is_super' | 'permissions'>;

const holds = (admin: Admin, group: PermissionGroup) =>
  admin.is_super || admin.permissions.some((p) => p.startsWith(`${group}.`));

/** The permission groups this admin may open (any permission of a group shows it). */
export function visibleGroups(admin: Admin): PermissionGroup[] {
  return (Object.keys(PERMISSION_GROUPS) as PermissionGroup[]).filter((g) => holds(admin, g));
}

/** The sections and entries this admin may open; a section with none is left out. */
export function navFor(admin: Admin, sections = NAV_SECTIONS): NavSection[] {
  return sections
    .map((s) => ({ ...s, entries: s.entries.filter((e) => holds(admin, e.group)) }))
    .filter((s) => s.entries.length > 0);
}

/** The entry of the page at `pathname` and its section: the entry whose path is the longest prefix of it. */
export function entryAt(pathname: string, sections = NAV_SECTIONS): { section: NavSectionId; entry: string } | null {
  let best: { section: NavSectionId; entry: string; length: number } | null = null;
  for (const s of sections)
    for (const e of s.entries) {
      const inside = pathname === e.path || (e.path !== '/admin' && pathname.startsWith(`${e.path}/`));
      if (inside && e.path.length > (best?.length ?? 0)) best = { section: s.id, entry: e.id, length: e.path.length };
    }
  return best && { section: best.section, entry: best.entry };
}

/**
 * The entries whose labels (or whose section's heading) hold every word of `query`,
 * compared in search's normal form: «الاعدادات» finds «الإعدادات», "COUPONS" finds
 * "Coupons". `labelsOf(key)` gives a text key's labels (Arabic and English).
 */
export function filterNav(sections: NavSection[], query: string, labelsOf: (key: string) => string[]): NavSection[] {
  const words = normalizeSearch(query).split(' ').filter(Boolean);
  if (!words.length) return sections;
  const text = (key: string) => normalizeSearch(labelsOf(key).join(' '));
  return sections
    .map((s) => {
      const heading = s.id === 'top' ? '' : text(sectionLabel(s.id));
      const entries = s.entries.filter((e) => {
        const haystack = `${heading} ${text(e.label)}`;
        return words.every((w) => haystack.includes(w));
      });
      return { ...s, entries };
    })
    .filter((s) => s.entries.length > 0);
}
