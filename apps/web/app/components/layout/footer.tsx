import { Anchor, Box, Container, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandApple, IconBrandGooglePlay, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../lib/use-lang.ts';
import { useRoot } from '../../lib/use-root.ts';
import { LogoLink } from './header.tsx';
import { Ltr } from '../ltr.tsx';

function AppBadge({ href, icon, label, hint }: { href: string; icon: React.ReactNode; label: string; hint: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" underline="never" aria-label={`${label} ${hint}`}>
      <Group gap={8} px="md" py={6} bg="dark.7" c="white" style={{ borderRadius: 10 }} wrap="nowrap">
        {icon}
        <Text fz="sm" fw={600} c="white">
          {label}
        </Text>
      </Group>
    </Anchor>
  );
}

/** The footer of spec section 1. */
export function Footer() {
  const { t } = useTranslation();
  const { to } = useLang();
  const { settings } = useRoot();
  const quick = [
    ['nav.home', '/'],
    ['nav.about', '/more/about_the_site'],
    ['nav.terms', '/terms_conditions'],
    ['nav.contact', '/contact_us'],
  ] as const;
  return (
    <Box
      component="footer"
      bg="gray.0"
      pt={48}
      pb="lg"
      mt={60}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <LogoLink />
            <Text fz="sm" c="dimmed" lh={1.8}>
              {settings?.description}
            </Text>
          </Stack>
          <Stack gap="xs">
            <Title order={2} fz="md">
              {t('footer.quick_links')}
            </Title>
            {quick.map(([label, path]) => (
              <Anchor key={path} component={Link} to={to(path)} fz="sm" c="dark.5">
                {t(label)}
              </Anchor>
            ))}
          </Stack>
          <Stack gap="xs">
            <Title order={2} fz="md">
              {t('footer.contact')}
            </Title>
            {settings && (
              <>
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <IconMapPin size={16} aria-hidden />
                  <Text fz="sm">
                    <span className="visually-hidden">{t('footer.location')}: </span>
                    {settings.location}
                  </Text>
                </Group>
                <Group gap={6} wrap="nowrap">
                  <IconPhone size={16} aria-hidden />
                  <Anchor href={`tel:${settings.phone.replace(/\s+/g, '')}`} fz="sm" dir="ltr">
                    {settings.phone}
                  </Anchor>
                </Group>
                <Group gap={6} wrap="nowrap">
                  <IconMail size={16} aria-hidden />
                  <Anchor href={`mailto:${settings.email}`} fz="sm">
                    {settings.email}
                  </Anchor>
                </Group>
                <Text fz="sm">
                  {t('footer.tax_number')}: <Ltr>{settings.tax_number}</Ltr>
                </Text>
                <Text fz="sm">
                  {t('footer.commercial_record')}: <Ltr>{settings.commercial_record}</Ltr>
                </Text>
              </>
            )}
          </Stack>
          <Stack gap="xs">
            <Title order={2} fz="md">
              {t('footer.download_apps')}
            </Title>
            {settings && (
              <Group gap="sm">
                <AppBadge
                  href={settings.iphone_app_link}
                  icon={<IconBrandApple size={20} aria-hidden />}
                  label={t('footer.app_store')}
                  hint={t('footer.opens_new_tab')}
                />
                <AppBadge
                  href={settings.android_app_link}
                  icon={<IconBrandGooglePlay size={20} aria-hidden />}
                  label={t('footer.google_play')}
                  hint={t('footer.opens_new_tab')}
                />
              </Group>
            )}
          </Stack>
        </SimpleGrid>
        <Divider my="lg" />
        <Text ta="center" fz="xs" c="dimmed">
          {t('footer.rights', { year: new Date().getFullYear(), name: settings?.site_name ?? t('common.app_name') })}
        </Text>
      </Container>
    </Box>
  );
}
