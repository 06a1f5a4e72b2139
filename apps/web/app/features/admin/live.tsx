/**
 * The dashboard's live notifications: the header bell with the signed-in
 * admin's unread count, and the alert stack, both fed by the admin stream
 * (`/api/admin/notifications/stream`, which takes the `admin_auth` cookie).
 * The same components as the site's bell and alerts (components/live-*.tsx).
 * The stream opens for every admin: the server sends each what he may read (notifications
 * with notifications.view, the order chat's live signal with orders.view).
 */
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import type { ApiPath } from '../../lib/api.ts';
import { LiveAlerts } from '../../components/live-alerts.tsx';
import { LiveCount } from '../../components/live-count.tsx';
import { may } from './resources.ts';
import { useAdmin } from './use-admin.ts';

/** The admin's received notifications: the list of the notifications screen. */
export const ADMIN_INBOX = '/admin/notifications#inbox';

/**
 * The dashboard page a notification opens (an order's, a complaint's…), or null for one that
 * opens nothing but the inbox (a note from another admin; links to the site's pages).
 */
export const adminNotificationPage = (link: string | null | undefined) =>
  link?.startsWith('/admin/') && !link.startsWith('/admin/notifications') ? link : null;

/** Whether the signed-in admin receives notifications here (the list and the stream's notifications need `notifications.view`). */
export function useAdminListens() {
  return may(useAdmin(), 'notifications.view');
}

/**
 * The unread count: from the deepest route whose loader answers `unread`. The
 * layout's loader counts on every navigation; the notifications screen, whose
 * list marks what it shows read, counts again after its list.
 */
function useUnread() {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]!.loaderData as { unread?: unknown } | undefined;
    if (typeof data?.unread === 'number') return data.unread;
  }
  return 0;
}

export function AdminBell() {
  const { t } = useTranslation();
  const listens = useAdminListens();
  const unread = useUnread();
  if (!listens) return null;
  return (
    <>
      <LiveCount enabled count={unread} />
      <Indicator
        label={unread > 99 ? '99+' : unread}
        size={18}
        disabled={unread === 0}
        offset={4}
        color="red"
        data-testid="admin-bell-count"
      >
        <ActionIcon
          component={Link}
          to={ADMIN_INBOX}
          variant="subtle"
          size="lg"
          aria-label={t('nav.notifications_count', { count: unread })}
          data-testid="admin-bell"
        >
          <IconBell size={22} aria-hidden />
        </ActionIcon>
      </Indicator>
    </>
  );
}

export function AdminLiveAlerts() {
  return (
    <LiveAlerts
      // The dashboard is in Arabic.
      stream={`${'/api/admin/notifications/stream' satisfies ApiPath<'get'>}?lang=ar`}
      hrefOf={(a) => adminNotificationPage(a.link) ?? ADMIN_INBOX}
    />
  );
}
