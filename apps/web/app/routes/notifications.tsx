import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Group, Modal, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBell,
  IconBellOff,
  IconCalendarRepeat,
  IconExternalLink,
  IconMessage,
  IconPackage,
  IconShieldLock,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, redirect, useFetcher, useLocation, useNavigate, useRevalidator } from 'react-router';
import type { Pagination as Pages } from '@pool/contracts/core';
import type { NotificationItem, NotificationType } from '@pool/contracts/notifications';
import type { Route } from './+types/notifications';
import { apiFor, isSuccess } from '../lib/api.server.ts';
import { asSent, type PathParams } from '../lib/api.ts';
import { useAnswerHandler, type Answer } from '../lib/envelope.ts';
import { formatDateTime } from '../lib/format.ts';
import { localePath, type Lang } from '../lib/lang.ts';
import { pageMeta } from '../lib/page-meta.ts';
import { useLang } from '../lib/use-lang.ts';
import { useRoot } from '../lib/use-root.ts';
import { WithOrderNumbers } from '../components/ltr.tsx';
import { PagesNav } from '../components/page-numbers.tsx';
import { AccountPage } from '../features/account/account-page.tsx';
import { useChangeEffect } from '../lib/use-change-effect.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'notifications.title');

type Loaded = { items: NotificationItem[]; pagination: Pages | null; unread: number | null };

export async function loader({ request, context }: Route.LoaderArgs): Promise<Loaded> {
  const api = await apiFor(context, request);
  const url = new URL(request.url);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1);
  if (!api.auth || api.auth.is_guest) return { items: [], pagination: null, unread: null };
  const res = await api.GET('/api/user/notifications', { params: { query: { page } } });
  if (!isSuccess(res)) return { items: [], pagination: null, unread: null };
  const { data: items, pagination } = res.data.notifications;
  // Past the last page (e.g. after deleting its last item): show the last page that exists.
  const last = Math.max(1, pagination.total_pages);
  if (page > last) {
    const path = localePath(api.lang, '/notifications');
    throw redirect(last === 1 ? path : `${path}?page=${last}`);
  }
  // Listing marks these read: fetch the unread count afterwards so the header bell can follow.
  const count = await api.GET('/api/user/count-notifications');
  return { items, pagination, unread: isSuccess(count) ? count.data.count : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await apiFor(context, request);
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const answer =
    intent === 'delete_all'
      ? await api.DELETE('/api/user/delete-notifications')
      : await api.DELETE('/api/user/delete-notification/{id}', {
          // The form's id as it came: the API validates it.
          params: {
            path: asSent<PathParams<'delete', '/api/user/delete-notification/{id}'>>({
              id: String(form.get('id') ?? ''),
            }),
          },
        });
  return { intent, answer };
}

const FETCHER = 'notifications-action';

const ICONS: Partial<Record<NotificationType, typeof IconBell>> = {
  block: IconShieldLock,
  un_blocked: IconShieldLock,
  new_message: IconMessage,
  complaint_reply: IconMessage,
  package_renewal_reminder: IconCalendarRepeat,
  renew_package: IconCalendarRepeat,
  fail_renew_package: IconCalendarRepeat,
  package_expires_today: IconCalendarRepeat,
  visit_reminder: IconCalendarRepeat,
  package_completed: IconCalendarRepeat,
};

/** "5 minutes ago" within a week, the Riyadh date and time after that. */
function when(lang: Lang, iso: string, justNow: string) {
  const seconds = (new Date(iso).getTime() - Date.now()) / 1000;
  const abs = Math.abs(seconds);
  if (abs < 60) return justNow;
  const rtf = new Intl.RelativeTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en', { numeric: 'auto' });
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return rtf.format(Math.round(seconds / 86_400), 'day');
  return formatDateTime(lang, iso);
}

/** Where a notification leads: its own link, else the order it is about (spec section 2: /order-details). */
const targetOf = (n: NotificationItem) => n.link || (n.order_id ? `/order-details?id=${n.order_id}` : null);

function Item({
  n,
  busy,
  deleting,
  onDelete,
}: {
  n: NotificationItem;
  busy: boolean;
  deleting: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const Icon = n.order_id ? IconPackage : (ICONS[n.type] ?? IconBell);
  const target = targetOf(n);
  const external = target ? /^https?:\/\//i.test(target) : false;
  const openLabel = n.order_id ? t('notifications.open_order') : t('notifications.open');
  return (
    <Paper
      component="li"
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      bg={n.read ? undefined : 'cyan.0'}
      style={{ opacity: deleting ? 0.5 : 1 }}
      data-testid="notification-item"
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
          <Icon size={22} />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} fz="md" style={{ overflowWrap: 'anywhere' }}>
              {n.title}
            </Title>
            {!n.read && (
              <Badge size="sm" variant="filled">
                {t('notifications.unread')}
              </Badge>
            )}
          </Group>
          <Text fz="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} data-testid="notification-body">
            <WithOrderNumbers text={n.body} />
          </Text>
          <Group gap="md" justify="space-between" wrap="wrap">
            <Text
              component="time"
              dateTime={n.created_at}
              title={formatDateTime(lang, n.created_at)}
              fz="xs"
              c="dimmed"
              suppressHydrationWarning
            >
              {when(lang, n.created_at, t('notifications.just_now'))}
            </Text>
            {target &&
              (external ? (
                <Anchor href={target} target="_blank" rel="noopener noreferrer" fz="sm" fw={600}>
                  <Group gap={4} component="span" wrap="nowrap">
                    {openLabel}
                    <IconExternalLink size={14} aria-hidden />
                  </Group>
                </Anchor>
              ) : (
                <Anchor component={Link} to={to(target)} fz="sm" fw={600} data-testid="notification-link">
                  {openLabel}
                </Anchor>
              ))}
          </Group>
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          onClick={onDelete}
          disabled={busy}
          loading={deleting}
          aria-label={t('notifications.delete_item', { title: n.title })}
          data-testid="notification-delete"
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

function Empty() {
  const { t } = useTranslation();
  const { to } = useLang();
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="notifications-empty">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={72} radius="xl" variant="light" color="gray" aria-hidden>
          <IconBellOff size={38} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          {t('notifications.empty_title')}
        </Title>
        <Text c="dimmed" maw={360}>
          {t('notifications.empty_text')}
        </Text>
        <Button component={Link} to={to('/')} variant="light" mt="xs">
          {t('common.go_home')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The header bell counts unread notifications; this page just read some, so bring the root data up to date once. */
function useBellSync(unread: number | null) {
  const { notificationsCount } = useRoot();
  const revalidator = useRevalidator();
  const { key } = useLocation();
  const synced = useRef<string | null>(null);
  useEffect(() => {
    if (unread === null || unread === notificationsCount || synced.current === key || revalidator.state !== 'idle')
      return;
    synced.current = key;
    void revalidator.revalidate();
  }, [unread, notificationsCount, key]); // eslint-disable-line react-hooks/exhaustive-deps
}

export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const handle = useAnswerHandler();
  const fetcher = useFetcher<typeof action>({ key: FETCHER });
  const [confirmAll, setConfirmAll] = useState(false);
  const { items, pagination } = loaderData;
  const busy = fetcher.state !== 'idle';
  const deletingId = fetcher.formData?.get('intent') === 'delete' ? String(fetcher.formData.get('id')) : null;
  useBellSync(loaderData.unread);

  useChangeEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    setConfirmAll(false);
    handle(fetcher.data.answer as Answer, { successToast: true });
  }, [fetcher.state, fetcher.data]);

  const total = pagination?.total_items ?? items.length;
  const current = pagination?.current_page ?? 1;
  const pages = pagination?.total_pages ?? 1;
  const goTo = (page: number) => navigate(page === 1 ? to('/notifications') : `${to('/notifications')}?page=${page}`);

  return (
    <AccountPage title={t('notifications.title')}>
      {items.length === 0 ? (
        <Empty />
      ) : (
        <>
          <Group justify="space-between" gap="sm">
            <Text c="dimmed" data-testid="notifications-total">
              {t('notifications.count', { count: total })}
            </Text>
            <Button
              color="red"
              variant="subtle"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirmAll(true)}
              disabled={busy}
              data-testid="notifications-delete-all"
            >
              {t('notifications.delete_all')}
            </Button>
          </Group>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-busy={busy}>
            {items.map((n) => (
              <Item
                key={n.id}
                n={n}
                busy={busy}
                deleting={deletingId === String(n.id)}
                onDelete={() => fetcher.submit({ intent: 'delete', id: String(n.id) }, { method: 'post' })}
              />
            ))}
          </Stack>
          <PagesNav
            total={pages}
            current={current}
            onChange={goTo}
            label={t('notifications.pages')}
            testId="notifications-pagination"
          />
        </>
      )}
      <Modal
        opened={confirmAll}
        onClose={() => !busy && setConfirmAll(false)}
        title={t('notifications.delete_all_title')}
        centered
      >
        <Text mb="lg">{t('notifications.delete_all_text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmAll(false)} disabled={busy} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => fetcher.submit({ intent: 'delete_all' }, { method: 'post' })}
            data-testid="notifications-delete-all-confirm"
          >
            {t('notifications.delete_all_confirm')}
          </Button>
        </Group>
      </Modal>
    </AccountPage>
  );
}
