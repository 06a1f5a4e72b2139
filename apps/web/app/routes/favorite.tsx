import { Container, Stack, Text, Title } from '@mantine/core';
import { IconHeartOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { redirect, useNavigate, useRevalidator } from 'react-router';
import type { StoreProductCard } from '@pool/contracts/store';
import type { Route } from './+types/favorite';
import { apiFor, isSuccess } from '../lib/api.server.ts';
import { localePath } from '../lib/lang.ts';
import { pageMeta } from '../lib/page-meta.ts';
import { useLang } from '../lib/use-lang.ts';
import { EmptyState } from '../features/store/empty-state.tsx';
import type { Paged } from '../features/store/load.server.ts';
import { PagesNav } from '../components/page-numbers.tsx';
import { FAVOURITES_PATH, STORE_PATH } from '../features/store/paths.ts';
import { ProductCard } from '../features/store/product-card.tsx';
import classes from '../features/store/store.module.css';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'store.favourites_title'),
  { name: 'robots', content: 'noindex' },
];

/** The signed-in customer's favourites (the (auth) guard keeps visitors out), 12 a page. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<Paged<StoreProductCard> | null> {
  const api = await apiFor(context, request);
  if (!api.auth || api.auth.is_guest) return null;
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get('page'))) || 1);
  const res = await api.GET('/api/user/favourites', { params: { query: { page } } });
  if (!isSuccess(res)) return null;
  const last = Math.max(1, res.data.pagination.total_pages);
  if (page > last) {
    const path = localePath(api.lang, FAVOURITES_PATH);
    throw redirect(last === 1 ? path : `${path}?page=${last}`);
  }
  return res.data;
}

export default function Favourites({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const items = loaderData?.data ?? [];
  const pagination = loaderData?.pagination;
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} data-testid="favourites">
      <Stack gap={4} mb="lg">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {t('store.favourites_title')}
        </Title>
        {pagination && pagination.total_items > 0 && (
          <Text c="dimmed" data-testid="favourites-count">
            {t('store.products_count', { count: pagination.total_items })}
          </Text>
        )}
      </Stack>
      {items.length === 0 ? (
        <EmptyState
          Icon={IconHeartOff}
          color="red"
          title={t('store.favourites_empty_title')}
          text={t('store.favourites_empty_text')}
          action={{ label: t('store.browse_store'), to: to(STORE_PATH) }}
          testId="favourites-empty"
        />
      ) : (
        <ul className={classes.grid} data-wide>
          {items.map((p, i) => (
            <li key={p.id}>
              <ProductCard
                product={p}
                priority={i < 2}
                headingOrder={2}
                // Taken out of the favourites: the list closes the gap.
                onFavouriteChange={(on) => !on && void revalidator.revalidate()}
              />
            </li>
          ))}
        </ul>
      )}
      {pagination && (
        <PagesNav
          mt="xl"
          total={pagination.total_pages}
          current={pagination.current_page}
          onChange={(page) => navigate(page === 1 ? to(FAVOURITES_PATH) : `${to(FAVOURITES_PATH)}?page=${page}`)}
          label={t('store.pages')}
        />
      )}
    </Container>
  );
}
