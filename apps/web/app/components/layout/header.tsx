import {
  ActionIcon,
  Anchor,
  Avatar,
  Box,
  Burger,
  Button,
  Container,
  Drawer,
  Group,
  Indicator,
  Menu,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell, IconChevronDown, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useSubmit } from 'react-router';
import { useLang } from '../../lib/use-lang.ts';
import { useLoginPath } from '../../lib/return-to.ts';
import { useRoot } from '../../lib/use-root.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { LiveCount } from '../live-count.tsx';
import { CartButton } from '../../features/cart/cart-button.tsx';
import { clearClientState } from '../../lib/envelope.ts';

const NAV = [
  { key: 'home', path: '/' },
  { key: 'store', path: '/online_store' },
  { key: 'immediate_maintenance', path: '/Immediate_maintenance' },
  { key: 'scheduled_maintenance', path: '/scheduled_maintenance' },
  { key: 'construction', path: '/construction' },
  { key: 'orders', path: '/orders' },
  { key: 'more', path: '/more' },
] as const;

export function LogoLink() {
  const { t } = useTranslation();
  const { to } = useLang();
  return (
    <Anchor component={Link} to={to('/')} underline="never" c="inherit">
      <Group gap={8} wrap="nowrap">
        {/* 72 px WebP (2 KB) for the 36 px logo, not the 512 px PNG: it must not hold up the main picture. */}
        <img src="/img/logo-72.webp" alt="" width={36} height={36} />
        <Text fw={800} fz="lg" c="cyan.9" className="logo-text">
          {t('common.app_name')}
        </Text>
      </Group>
    </Anchor>
  );
}

/**
 * A navigation submit, not a fetcher: the menu unmounts this item as it closes, and a
 * fetcher dies with its component (its redirect to the sign-in page would be lost).
 */
function LogoutItem() {
  const { t } = useTranslation();
  const { to } = useLang();
  const submit = useSubmit();
  return (
    <Menu.Item
      color="red"
      leftSection={<IconLogout size={16} aria-hidden />}
      onClick={() => {
        clearClientState();
        void submit(null, { method: 'post', action: to('/auth/logout') });
      }}
      data-testid="logout"
    >
      {t('nav.logout')}
    </Menu.Item>
  );
}

export function Header() {
  const { t } = useTranslation();
  const { to } = useLang();
  const { viewer, notificationsCount, cartCount } = useRoot();
  const loginPath = useLoginPath();
  const [opened, { toggle, close }] = useDisclosure(false);
  const links = NAV.map((item) => (
    <Anchor
      key={item.key}
      component={NavLink}
      to={to(item.path)}
      end={item.path === '/'}
      onClick={close}
      c="dark.6"
      fw={600}
      fz="sm"
      underline="never"
      style={({ isActive }: { isActive: boolean }) => (isActive ? { color: 'var(--mantine-color-cyan-8)' } : undefined)}
    >
      {t(`nav.${item.key}`)}
    </Anchor>
  ));
  return (
    <Box
      component="header"
      py="sm"
      bg="white"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', position: 'sticky', top: 0, zIndex: 100 }}
    >
      <Container size="xl">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xl" wrap="nowrap">
            <LogoLink />
            <Group component="nav" aria-label={t('nav.main_navigation')} gap="lg" visibleFrom="lg">
              {links}
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Box visibleFrom="sm">
              <LanguageSwitch />
            </Box>
            <LiveCount enabled={viewer?.kind === 'user'} count={notificationsCount} />
            {viewer?.kind === 'user' && (
              <Indicator
                label={notificationsCount}
                size={18}
                disabled={notificationsCount === 0}
                offset={4}
                color="red"
                data-testid="bell-count"
              >
                <ActionIcon
                  component={Link}
                  to={to('/notifications')}
                  variant="subtle"
                  size="lg"
                  aria-label={t('nav.notifications_count', { count: notificationsCount })}
                >
                  <IconBell size={22} aria-hidden />
                </ActionIcon>
              </Indicator>
            )}
            <CartButton count={cartCount} />
            {viewer?.kind === 'user' ? (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <UnstyledButton
                    aria-label={t('nav.account_menu_of', { name: viewer.name })}
                    data-testid="account-menu"
                  >
                    <Group gap={6} wrap="nowrap">
                      <Avatar src={viewer.image} alt="" radius="xl" size={32} />
                      <Text fz="sm" fw={600} visibleFrom="sm" maw={140} truncate>
                        {viewer.name}
                      </Text>
                      <IconChevronDown size={14} aria-hidden />
                    </Group>
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item component={Link} to={to('/profile')} leftSection={<IconUser size={16} aria-hidden />}>
                    {t('nav.profile')}
                  </Menu.Item>
                  <Menu.Item component={Link} to={to('/settings')} leftSection={<IconSettings size={16} aria-hidden />}>
                    {t('nav.settings')}
                  </Menu.Item>
                  <Menu.Divider />
                  <LogoutItem />
                </Menu.Dropdown>
              </Menu>
            ) : (
              <Button component={Link} to={loginPath()} size="sm" visibleFrom="xs" data-testid="header-login">
                {t('nav.login')}
              </Button>
            )}
            <Burger opened={opened} onClick={toggle} hiddenFrom="lg" aria-label={t('nav.open_menu')} size="sm" />
          </Group>
        </Group>
      </Container>
      <Drawer opened={opened} onClose={close} title={t('nav.menu')} hiddenFrom="lg" position="right" size="xs">
        <Stack component="nav" aria-label={t('nav.main_navigation')} gap="md">
          {links}
          <Box hiddenFrom="sm">
            <LanguageSwitch />
          </Box>
          {viewer?.kind !== 'user' && (
            <Button component={Link} to={loginPath()} onClick={close}>
              {t('nav.login')}
            </Button>
          )}
        </Stack>
      </Drawer>
    </Box>
  );
}
