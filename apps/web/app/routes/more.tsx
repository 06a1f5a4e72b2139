import { Anchor, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconFileText,
  IconHeadset,
  IconHeart,
  IconHelpCircle,
  IconInfoCircle,
  IconMessageQuestion,
  IconPackage,
  IconSettings,
  IconWallet,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Route } from './+types/more';
import { apiFor, isSuccess } from '../lib/api.server.ts';
import { useLang } from '../lib/use-lang.ts';
import { contentMeta } from '../features/content/meta.ts';
import { FAQ_PREVIEW } from '../features/content/faq.ts';
import { FaqAccordion } from '../features/content/faq-accordion.tsx';
import { MenuList, type MenuItem } from '../features/content/menu-list.tsx';

export const meta: Route.MetaFunction = (args) => contentMeta(args, 'pages.more_title', 'pages.more_description');

/** The first questions of the FAQ; the menu stands without them when the API does not answer. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await (await apiFor(context, request)).GET('/api/user/faqs');
  const faqs = isSuccess(answer) ? answer.data : [];
  return { faqs: faqs.slice(0, FAQ_PREVIEW) };
}

const ACCOUNT = [
  { key: 'favorite', path: '/more/favorite', Icon: IconHeart, color: 'red' },
  { key: 'wallet', path: '/more/wallet', Icon: IconWallet, color: 'teal' },
  { key: 'my_remains', path: '/more/my_remains', Icon: IconPackage, color: 'orange' },
  { key: 'complaints', path: '/more/complaints_inquiries', Icon: IconMessageQuestion, color: 'grape' },
  { key: 'settings', path: '/settings', Icon: IconSettings, color: 'gray' },
] as const;
const INFO = [
  { key: 'about', path: '/more/about_the_site', Icon: IconInfoCircle, color: 'cyan' },
  { key: 'faq', path: '/more/faq', Icon: IconHelpCircle, color: 'indigo' },
  { key: 'terms', path: '/terms_conditions', Icon: IconFileText, color: 'blue' },
  { key: 'contact', path: '/contact_us', Icon: IconHeadset, color: 'cyan' },
] as const;

export default function More({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const Forward = lang === 'ar' ? IconChevronLeft : IconChevronRight;
  const { faqs } = loaderData;
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
      {faqs.length ? (
        <Stack component="section" aria-labelledby="more-faq" gap="sm" mt={48} data-testid="more-faq-preview">
          <Group justify="space-between" align="baseline" gap="xs">
            <Title order={2} fz="h4" id="more-faq" c="dimmed">
              {t('pages.faq_title')}
            </Title>
            <Anchor component={Link} to={to('/more/faq')} fw={700} data-testid="more-faq-all">
              <Group gap={4} wrap="nowrap" component="span">
                {t('pages.faq_all')}
                <Forward size={16} aria-hidden />
              </Group>
            </Anchor>
          </Group>
          <FaqAccordion faqs={faqs} order={3} />
        </Stack>
      ) : null}
    </Container>
  );
}
