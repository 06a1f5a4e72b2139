import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Anchor, Box, Burger, Button, Container, Group, Indicator, Stack, Text } from '@mantine/core';
import { useDisclosure, useMounted } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useLang } from '../../lib/use-lang.ts';
import { useLoginPath } from '../../lib/return-to.ts';
import { useRoot } from '../../lib/use-root.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { LiveCount } from '../live-count.tsx';
import { CartButton } from '../../features/cart/cart-button.tsx';
import { AccountButton } from './account-button.tsx';

// Menus and drawers are not needed to paint the page: their code (and Mantine's popover,
// focus trap, scroll lock) loads after it, not with the page's first JavaScript.
const AccountMenu = lazy(() => import('./account-menu.tsx'));
const NavDrawer = lazy(() => import('../lazy-drawer.tsx'));

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
 * The account menu once the page is in the browser; till then (and on the server) its button
 * alone, which a click before the menu's code has come opens as soon as it has.
 */
function Account({ name, image }: { name: string; image: string | null }) {
  const mounted = useMounted();
  const [clicked, setClicked] = useState(false);
  const button = <AccountButton name={name} image={image} onClick={() => setClicked(true)} />;
  if (!mounted) return button;
  return (
    <Suspense fallback={button}>
      <AccountMenu name={name} image={image} defaultOpened={clicked} />
    </Suspense>
  );
}

export function Header() {
  const { t } = useTranslation();
  const { to } = useLang();
  const { viewer, notificationsCount, cartCount } = useRoot();
  const loginPath = useLoginPath();
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer's code is fetched on the first open and kept for the closing animation and later opens.
  const [drawerWanted, setDrawerWanted] = useState(false);
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
              <Account name={viewer.name} image={viewer.image} />
            ) : (
              <Button component={Link} to={loginPath()} size="sm" visibleFrom="xs" data-testid="header-login">
                {t('nav.login')}
              </Button>
            )}
            <Burger
              opened={opened}
              onClick={() => {
                setDrawerWanted(true);
                toggle();
              }}
              hiddenFrom="lg"
              aria-label={t('nav.open_menu')}
              size="sm"
            />
          </Group>
        </Group>
      </Container>
      {drawerWanted && (
        <Suspense fallback={null}>
          <NavDrawer opened={opened} onClose={close} title={t('nav.menu')} hiddenFrom="lg" position="right" size="xs">
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
          </NavDrawer>
        </Suspense>
      )}
    </Box>
  );
}
