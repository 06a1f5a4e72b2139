import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconFileText,
  IconHeadset,
  IconHeart,
  IconInfoCircle,
  IconMessageQuestion,
  IconPackage,
  IconSettings,
  IconWallet,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/more';
import { contentMeta } from '../features/content/meta.ts';
import { MenuList, type MenuItem } from '../features/content/menu-list.tsx';

export const meta: Route.MetaFunction = (args) => contentMeta(args, 'pages.more_title', 'pages.more_description');

const ACCOUNT = [
  { key: 'favorite', path: '/more/favorite', Icon: IconHeart, color: 'red' },
  { key: 'wallet', path: '/more/wallet', Icon: IconWallet, color: 'teal' },
  { key: 'my_remains', path: '/more/my_remains', Icon: IconPackage, color: 'orange' },
  { key: 'complaints', path: '/more/complaints_inquiries', Icon: IconMessageQuestion, color: 'grape' },
  { key: 'settings', path: '/settings', Icon: IconSettings, color: 'gray' },
] as const;
const INFO = [
  { key: 'about', path: '/more/about_the_site', Icon: IconInfoCircle, color: 'cyan' },
  { key: 'terms', path: '/terms_conditions', Icon: IconFileText, color: 'blue' },
  { key: 'contact', path: '/contact_us', Icon: IconHeadset, color: 'cyan' },
] as const;

export default function More() {
  const { t } = useTranslation();
  const items = (list: typeof ACCOUNT | typeof INFO): MenuItem[] =>
    list.map(({ key, path, Icon, color }) => ({
      key,
      path,
      color,
      label: t(`pages.more_${key}`),
      hint: t(`pages.more_${key}_hint`),
      icon: <Icon size={22} />,
    }));
  return (
    <Container size="lg" px="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap={6} mb="xl">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {t('pages.more_title')}
        </Title>
        <Text c="dimmed">{t('pages.more_description')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <MenuList id="more-account" title={t('pages.more_account')} items={items(ACCOUNT)} />
        <MenuList id="more-info" title={t('pages.more_info')} items={items(INFO)} />
      </SimpleGrid>
    </Container>
  );
}
