import { ActionIcon, Anchor, AppShell, Avatar, Burger, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconExternalLink, IconLogout, IconUserCircle, IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { data, Link, Outlet, redirect, useFetcher, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/layout';
import { apiFor, pageStatus } from '../../lib/api.server.ts';
import { clearAdminAuth, readAdminToken } from '../../lib/cookies.server.ts';
import { adminMeta } from '../../features/admin/meta.ts';
import { AdminNav } from '../../features/admin/nav.tsx';
import { AdminBell, AdminLiveAlerts } from '../../features/admin/live.tsx';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.dashboard');

const toLogin = async () => redirect('/admin/login', { headers: { 'set-cookie': await clearAdminAuth() } });

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = await readAdminToken(request);
  if (!token) throw redirect('/admin/login');
  const api = (await apiFor(context, request)).as({ token, lang: 'ar' });
  const [me, count] = await Promise.all([
    api.GET('/api/admin/me'),
    // 403 without `notifications.view`: no bell then.
    api.GET('/api/admin/notifications/count'),
  ]);
  if (me.key === 'success' && me.status === 200) {
    return { admin: me.data, unread: count.key === 'success' ? count.data.count : 0 };
  }
  if (me.status >= 500) throw data(me.msg, { status: pageStatus(me) });
  throw await toLogin(); // missing, expired, revoked or blocked
}

/** On every navigation too: the admin's permissions and unread count stay fresh. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

/** Sign-out (the header's menu posts here). */
export async function action({ request, context }: Route.ActionArgs) {
  const token = await readAdminToken(request);
  if (token) await (await apiFor(context, request)).as({ token, lang: 'ar' }).DELETE('/api/admin/sign-out');
  throw await toLogin();
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { admin } = loaderData;
  const [opened, { toggle, close }] = useDisclosure(false);
  const fetcher = useFetcher();
  return (
    <AppShell
      dir="rtl"
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <a href="#main" className="skip-link">
        {t('nav.skip_to_content')}
      </a>
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={opened ? t('admin.close_menu') : t('admin.open_menu')}
              aria-expanded={opened}
              aria-controls="admin-navbar"
            />
            <Anchor component={Link} to="/admin" underline="never" c="inherit">
              <Group gap={8} wrap="nowrap">
                <img src="/img/logo_app.png" alt="" width={34} height={34} />
                <Text fw={800} fz="lg" c="cyan.9">
                  {t('admin.dashboard')}
                </Text>
              </Group>
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              component="a"
              href="/"
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              size="lg"
              aria-label={`${t('admin.view_site')} ${t('contact.opens_new_tab')}`}
            >
              <IconExternalLink size={20} aria-hidden />
            </ActionIcon>
            <AdminBell />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton
                  aria-label={t('admin.account_menu_of', { name: admin.name })}
                  data-testid="admin-account-menu"
                >
                  <Group gap={8} wrap="nowrap">
                    <Avatar src={admin.image} alt="" radius="xl" size={36} color="cyan">
                      <IconUserShield size={20} aria-hidden />
                    </Avatar>
                    <Text fz="sm" fw={600} visibleFrom="sm" maw={180} truncate>
                      {admin.name}
                    </Text>
                    <IconChevronDown size={14} aria-hidden />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>
                  <Text fz="xs" dir="ltr" ta="end">
                    {admin.email}
                  </Text>
                </Menu.Label>
                <Menu.Item
                  component={Link}
                  to="/admin/profile"
                  leftSection={<IconUserCircle size={16} aria-hidden />}
                  data-testid="admin-profile-link"
                >
                  {t('admin.people_profile_title')}
                </Menu.Item>
                <Menu.Item
                  color="red"
                  leftSection={<IconLogout size={16} aria-hidden />}
                  onClick={() => void fetcher.submit(null, { method: 'post', action: '/admin' })}
                  data-testid="admin-sign-out"
                >
                  {t('admin.sign_out')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="admin-navbar" p="sm" component="nav" aria-label={t('admin.nav_label')}>
        <AdminNav admin={admin} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main" bg="gray.0" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
      <AdminLiveAlerts />
    </AppShell>
  );
}
