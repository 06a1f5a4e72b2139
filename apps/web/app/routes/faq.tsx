import { useMemo } from 'react';
import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeadset, IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Route } from './+types/faq';
import { apiFor } from '../lib/api.server.ts';
import { useLang } from '../lib/use-lang.ts';
import { useRoot } from '../lib/use-root.ts';
import { loadContent } from '../features/content/load.server.ts';
import { contentMeta } from '../features/content/meta.ts';
import { faqJsonLd } from '../features/content/faq.ts';
import { FaqAccordion } from '../features/content/faq-accordion.tsx';
import { scriptJson } from '../lib/script-json.ts';

export const meta: Route.MetaFunction = (args) => contentMeta(args, 'pages.faq_title', 'pages.faq_description');

export async function loader({ request, context }: Route.LoaderArgs) {
  return { faqs: await loadContent((await apiFor(context, request)).GET('/api/user/faqs')) };
}

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLang();
  const { origin, nonce } = useRoot();
  const { faqs } = loaderData;
  const url = origin + to('/more/faq');
  const jsonLd = useMemo(() => {
    const data = faqJsonLd(faqs, url);
    return data ? scriptJson(data) : null;
  }, [faqs, url]);
  return (
    <Container size="md" px="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            {t('pages.faq_title')}
          </Title>
          <Text c="dimmed">{t('pages.faq_description')}</Text>
        </Stack>
        {faqs.length ? (
          <FaqAccordion faqs={faqs} order={2} />
        ) : (
          <Paper withBorder radius="lg" p="xl" data-testid="faq-empty">
            <Stack align="center" gap="sm">
              <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
                <IconHelpCircle size={28} />
              </ThemeIcon>
              <Text fw={700} ta="center">
                {t('pages.faq_empty')}
              </Text>
            </Stack>
          </Paper>
        )}
        <Group justify="space-between" gap="sm">
          <Text c="dimmed">{t('pages.faq_more_questions')}</Text>
          <Button component={Link} to={to('/contact_us')} variant="light" leftSection={<IconHeadset size={18} />}>
            {t('pages.more_contact')}
          </Button>
        </Group>
      </Stack>
      {/* Structured data for search engines (schema.org FAQPage); the page's CSP nonce lets it through. */}
      {jsonLd ? (
        <script
          type="application/ld+json"
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: jsonLd }}
        />
      ) : null}
    </Container>
  );
}
