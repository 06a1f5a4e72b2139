import { Avatar, Box, Container, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCalendarEvent, IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, redirect, useRevalidator, useSubmit } from 'react-router';
import type { Route } from './+types/layout';
import type { ApiPath } from '../../lib/api.ts';
import { useLang } from '../../lib/use-lang.ts';
import { LanguageSwitch } from '../../components/layout/language-switch.tsx';
import { LiveAlerts } from '../../components/live-alerts.tsx';
import { signOutIfEnded, staffApiFor, staffLoginPath } from '../../features/staff/session.server.ts';
import { st } from '../../features/staff/texts.ts';

/** Every staff page needs the staff session: without one (or blocked) the sign-in page opens. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = staffApiFor(context, request);
  if (!api.token) throw redirect(staffLoginPath(api.lang));
  const me = await signOutIfEnded(await api.GET('/api/staff/profile'), api.lang);
  if (me.key !== 'success') throw new Response(me.msg, { status: me.status >= 400 ? me.status : 500 });
  const { id, name, image, job } = me.data;
  return { me: { id, name, image, job } };
}

function StaffMenu({ name, image, job }: { name: string; image: string | null; job: string }) {
  const { t } = useTranslation();
  const { to } = useLang();
  // A navigation submit: the menu unmounts its items as it closes.
  const submit = useSubmit();
  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <UnstyledButton aria-label={t(st('menu'))} data-testid="staff-menu">
          <Group gap={6} wrap="nowrap">
            <Avatar src={image} alt="" size={32} radius="xl" color="cyan">
              {name.slice(0, 1)}
            </Avatar>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fw={700} c="dark" fz="sm" data-testid="staff-name">
            {name}
          </Text>
          <Text fz="xs">{t(st(`job_${job}`))}</Text>
        </Menu.Label>
        <Menu.Item component={Link} to={to('/staff')} leftSection={<IconCalendarEvent size={16} aria-hidden />}>
          {t(st('day_title'))}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => submit(null, { method: 'post', action: to('/staff/logout') })}
          data-testid="staff-sign-out"
        >
          {t(st('sign_out'))}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The staff view's frame: a slim top bar (the field team, language, the member's menu), one column, live alerts. */
export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const revalidator = useRevalidator();
  const { me } = loaderData;
  return (
    <Box mih="100vh" bg="gray.0">
      <a href="#main" className="skip-link">
        {t('nav.skip_to_content')}
      </a>
      <Box
        component="header"
        bg="white"
        style={{ position: 'sticky', top: 0, zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="sm" px="sm" py={8}>
          <Group justify="space-between" wrap="nowrap">
            <UnstyledButton component={Link} to={to('/staff')} data-testid="staff-home">
              <Group gap={8} wrap="nowrap">
                <img src="/img/logo-72.webp" alt="" width={32} height={32} />
                <div>
                  <Text fw={800} c="cyan.9" fz="sm" lh={1.2}>
                    {t(st('title'))}
                  </Text>
                  <Text fz="xs" c="gray.7" lh={1.2} lineClamp={1}>
                    {me.name}
                  </Text>
                </div>
              </Group>
            </UnstyledButton>
            <Group gap={4} wrap="nowrap">
              <LanguageSwitch />
              <StaffMenu {...me} />
            </Group>
          </Group>
        </Container>
      </Box>
      <Container component="main" id="main" size="sm" px="sm" py="md" tabIndex={-1}>
        <Outlet />
      </Container>
      <LiveAlerts
        stream={`${'/api/staff/notifications/stream' satisfies ApiPath<'get'>}?lang=${lang}`}
        hrefOf={(a) => to(a.link ?? '/staff')}
        // Live updates: a notification about the work reloads what the page shows.
        onNotification={() => void revalidator.revalidate()}
      />
    </Box>
  );
}
