import { Container, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconPool, IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { LogoLink } from '../components/layout/header.tsx';
import { LanguageSwitch } from '../components/layout/language-switch.tsx';
import classes from './auth.module.css';

/** Decorative water for the side panel: three layered waves, pure SVG. */
function Waves() {
  return (
    <svg className={classes.waves} viewBox="0 0 1200 180" preserveAspectRatio="none" aria-hidden focusable="false">
      <path d="M0 70 C200 20 400 120 600 70 S1000 20 1200 70 V180 H0Z" fill="rgba(255,255,255,.18)" />
      <path d="M0 105 C240 60 420 150 640 105 S1020 60 1200 100 V180 H0Z" fill="rgba(255,255,255,.22)" />
      <path d="M0 140 C220 110 460 175 700 140 S1040 110 1200 138 V180 H0Z" fill="rgba(255,255,255,.9)" />
    </svg>
  );
}

function SidePanel() {
  const { t } = useTranslation();
  const features = [
    { icon: IconBuildingStore, key: 'auth.feature_store' },
    { icon: IconTools, key: 'auth.feature_maintenance' },
    { icon: IconPool, key: 'auth.feature_construction' },
  ];
  return (
    <aside className={classes.art} aria-label={t('auth.side_label')}>
      <Stack gap="xl" maw={460} pos="relative" style={{ zIndex: 1 }}>
        <div className={classes.logoBadge}>
          <img src="/img/logo-240.webp" alt="" width={64} height={64} />
        </div>
        <div>
          <Text fz={36} fw={800} lh={1.3}>
            {t('common.app_name')}
          </Text>
          <Text fz="xl" fw={500} mt="xs" style={{ opacity: 0.95 }}>
            {t('auth.tagline')}
          </Text>
        </div>
        <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
          {features.map(({ icon: Icon, key }) => (
            <li key={key} className={classes.feature}>
              <span className={classes.featureIcon}>
                <Icon size={22} aria-hidden />
              </span>
              {t(key)}
            </li>
          ))}
        </Stack>
      </Stack>
      <Waves />
    </aside>
  );
}

/**
 * The `auth` layout: the sign-in pages in a card with the logo and the
 * language switch; a page may ask for a wider card with `handle.wide`.
 */
export default function AuthLayout() {
  const wide = useMatches().some((m) => (m.handle as { wide?: boolean } | undefined)?.wide);
  return (
    <div className={classes.shell}>
      <div className={classes.formSide}>
        <Container component="header" size={wide ? 'sm' : 'xs'} w="100%" pt="md">
          <Group justify="space-between" wrap="nowrap">
            <LogoLink />
            <LanguageSwitch />
          </Group>
        </Container>
        <main id="main" className={classes.main} tabIndex={-1}>
          <Container size={wide ? 'sm' : 'xs'} w="100%" px={{ base: 'sm', sm: 'md' }}>
            <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
              <Outlet />
            </Paper>
          </Container>
        </main>
      </div>
      <SidePanel />
    </div>
  );
}
