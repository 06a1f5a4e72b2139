import { ActionIcon, Anchor, Group, Paper, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandSnapchat,
  IconBrandTelegram,
  IconBrandTiktok,
  IconBrandWhatsapp,
  IconBrandX,
  IconBrandYoutube,
  IconExternalLink,
  IconMail,
  IconMapPin,
  IconPhone,
  IconWorld,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Social = { id: number; title: string; url: string; icon: string | null };
type ContactInfo = { location: string; phone: string; email: string; map_url: string | null };

const SOCIAL_ICONS: Record<string, typeof IconWorld> = {
  x: IconBrandX,
  twitter: IconBrandX,
  instagram: IconBrandInstagram,
  snapchat: IconBrandSnapchat,
  whatsapp: IconBrandWhatsapp,
  facebook: IconBrandFacebook,
  tiktok: IconBrandTiktok,
  youtube: IconBrandYoutube,
  linkedin: IconBrandLinkedin,
  telegram: IconBrandTelegram,
};

function Row({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" component="li">
      <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fz="xs" c="dimmed" fw={600}>
          {label}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}

/** Address, phone, e-mail, map link and social links of the contact page. */
export function ContactInfoCard({ info, socials }: { info: ContactInfo; socials: Social[] }) {
  const { t } = useTranslation();
  const newTab = t('contact.opens_new_tab');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="cyan.0" h="100%">
      <Stack gap="lg">
        <Title order={2} fz="h3">
          {t('contact.info_title')}
        </Title>
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          <Row icon={<IconMapPin size={20} />} label={t('contact.location')}>
            <Text fz="sm">{info.location}</Text>
            {info.map_url ? (
              <Anchor
                href={info.map_url}
                target="_blank"
                rel="noopener noreferrer"
                fz="sm"
                fw={600}
                data-testid="map-link"
              >
                <Group gap={4} component="span" wrap="nowrap">
                  {t('contact.map')}
                  <IconExternalLink size={14} aria-hidden />
                  <span className="visually-hidden">{newTab}</span>
                </Group>
              </Anchor>
            ) : null}
          </Row>
          <Row icon={<IconPhone size={20} />} label={t('contact.phone_label')}>
            <Anchor
              href={`tel:${info.phone.replace(/\s+/g, '')}`}
              fz="sm"
              dir="ltr"
              style={{ alignSelf: 'flex-start' }}
            >
              {info.phone}
            </Anchor>
          </Row>
          <Row icon={<IconMail size={20} />} label={t('contact.email')}>
            <Anchor href={`mailto:${info.email}`} fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {info.email}
            </Anchor>
          </Row>
        </Stack>
        {socials.length > 0 && (
          <Stack gap="xs">
            <Title order={3} fz="md">
              {t('contact.socials_title')}
            </Title>
            <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {socials.map((s) => {
                const Icon = SOCIAL_ICONS[(s.icon ?? '').toLowerCase()] ?? IconWorld;
                return (
                  <li key={s.id}>
                    <Tooltip label={s.title} withArrow>
                      <ActionIcon
                        component="a"
                        href={s.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        size={44}
                        radius="xl"
                        variant="white"
                        color="cyan.9"
                        aria-label={`${s.title} ${newTab}`}
                        style={{ boxShadow: 'var(--mantine-shadow-xs)' }}
                      >
                        <Icon size={22} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </li>
                );
              })}
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
