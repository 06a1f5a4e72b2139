import { Container, Grid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/contact-us';
import { apiFor } from '../lib/api.server.ts';
import { loadContent } from '../features/content/load.server.ts';
import { contentMeta } from '../features/content/meta.ts';
import { ContactForm } from '../features/content/contact-form.tsx';
import { ContactInfoCard } from '../features/content/contact-info.tsx';

export const meta: Route.MetaFunction = (args) => contentMeta(args, 'contact.title', 'contact.description');

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    info: await loadContent((await apiFor(context, request)).GET('/api/user/contact-us-info')),
  };
}

/** Sends the message with the visitor's session (the API binds it to the account when signed in). */
export async function action({ request, context }: Route.ActionArgs) {
  const api = await apiFor(context, request);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '');
  return api.POST('/api/user/contact-us-store', {
    body: { name: field('name'), phone: field('phone'), message: field('message') },
  });
}

export default function ContactUs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { info } = loaderData;
  return (
    <Container size="lg" px="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap={6} mb="xl">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {t('contact.title')}
        </Title>
        <Text c="dimmed">{t('contact.intro')}</Text>
      </Stack>
      <Grid gap={{ base: 'lg', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ContactForm />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ContactInfoCard info={info.contact_info} socials={info.socials} />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
