import { Box, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/home';
import { apiFor } from '../lib/api.server.ts';
import { loadContent } from '../features/content/load.server.ts';
import { contentMeta } from '../features/content/meta.ts';
import { BannerCarousel } from '../features/home/banner-carousel.tsx';
import { IntroSections } from '../features/home/intro-sections.tsx';
import { ServiceCards } from '../features/home/service-cards.tsx';
import { loadStrip } from '../features/store/load.server.ts';
import { ProductStrip } from '../features/store/strip.tsx';

export const meta: Route.MetaFunction = (args) => contentMeta(args, 'pages.home_title');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  const [home, products] = await Promise.all([loadContent(api.GET('/api/user/home')), loadStrip(api)]);
  return { home, products };
}

function SectionHeading({ id, title, intro }: { id: string; title: string; intro?: string }) {
  return (
    <Stack gap={6} mb={{ base: 'lg', sm: 'xl' }} align="center" ta="center">
      <Title order={2} id={id} fz={{ base: 'h2', sm: 32 }}>
        {title}
      </Title>
      <Box w={56} h={4} bg="cyan.6" style={{ borderRadius: 4 }} aria-hidden />
      {intro ? (
        <Text c="dimmed" maw={560}>
          {intro}
        </Text>
      ) : null}
    </Stack>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { banners, services, intros } = loaderData.home;
  return (
    <>
      <Title order={1} className="visually-hidden">
        {t('pages.home_heading')}
      </Title>
      {banners.length > 0 && (
        <Container size="xl" px={{ base: 'sm', sm: 'md' }} pt={{ base: 'sm', sm: 'lg' }}>
          <BannerCarousel banners={banners} />
        </Container>
      )}
      <Container size="xl" component="section" aria-labelledby="services-title" pt={{ base: 32, sm: 56 }}>
        <SectionHeading id="services-title" title={t('pages.services_title')} intro={t('pages.services_intro')} />
        <ServiceCards services={services} />
      </Container>
      {intros.length > 0 && (
        <Box
          component="section"
          aria-labelledby="intros-title"
          mt={{ base: 48, sm: 80 }}
          py={{ base: 40, sm: 64 }}
          bg="cyan.0"
        >
          <Container size="lg">
            <SectionHeading id="intros-title" title={t('pages.intros_title')} />
            <IntroSections intros={intros} />
          </Container>
        </Box>
      )}
      {loaderData.products && (
        <Container size="xl" component="section" aria-labelledby="home-products-title" py={{ base: 40, sm: 64 }}>
          <ProductStrip strip={loaderData.products} />
        </Container>
      )}
    </>
  );
}
