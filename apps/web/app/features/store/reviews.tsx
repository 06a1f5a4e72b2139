import { useState } from 'react';
import { Avatar, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PagesNav } from '../../components/page-numbers.tsx';
import { browserApi } from '../../lib/api.client.ts';
import { useAnswerHandler } from '../../lib/envelope.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import type { Paged } from './load.server.ts';
import { Stars } from './price.tsx';
import type { ProductRating } from './types.ts';

/** The average rating and the customers' reviews, 10 a page (the first page comes with the page). */
export function Reviews({
  productId,
  average,
  count,
  first,
}: {
  productId: number;
  average: number;
  count: number;
  first: Paged<ProductRating>;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const handle = useAnswerHandler();
  const [page, setPage] = useState(first);
  const [busy, setBusy] = useState(false);
  const go = async (n: number) => {
    setBusy(true);
    try {
      const answer = await browserApi(lang).GET('/api/user/store/products/{id}/ratings', {
        params: { path: { id: productId }, query: { page: n } },
      });
      handle(answer, { onSuccess: setPage });
      document.getElementById('reviews')?.scrollIntoView({ block: 'start' });
    } catch {
      // the list stays as it was; the next click tries again
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack component="section" aria-labelledby="reviews" gap="md" data-testid="reviews">
      <Title order={2} fz="h3" id="reviews" style={{ scrollMarginTop: '5rem' }}>
        {t('store.reviews')}
      </Title>
      {count > 0 && (
        <Group gap="md" align="center">
          <Text fz={40} fw={800} lh={1} c="dark.7">
            {formatNumber(lang, Math.round(average * 10) / 10)}
          </Text>
          <Stack gap={2}>
            <Stars value={average} size={20} />
            <Text fz="sm" c="dimmed">
              {t('store.ratings_count', { count })}
            </Text>
          </Stack>
        </Group>
      )}
      {page.data.length === 0 ? (
        count === 0 && (
          <Text c="dimmed" data-testid="no-reviews">
            {t('store.no_reviews')}
          </Text>
        )
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-busy={busy}>
          {page.data.map((r) => (
            <Paper component="li" key={r.id} withBorder radius="md" p="md" data-testid="review">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap">
                  <Avatar radius="xl" color="cyan" aria-hidden>
                    {(r.user_name || '?').slice(0, 1)}
                  </Avatar>
                  <Stack gap={2}>
                    <Text fw={700} fz="sm">
                      {r.user_name || t('store.customer')}
                    </Text>
                    <Stars value={r.rating} size={14} />
                  </Stack>
                </Group>
                <Text component="time" dateTime={r.created_at} fz="xs" c="dimmed">
                  {formatDate(lang, r.created_at)}
                </Text>
              </Group>
              {r.comment && (
                <Text mt="sm" fz="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {r.comment}
                </Text>
              )}
            </Paper>
          ))}
        </Stack>
      )}
      <PagesNav
        mt="xl"
        total={page.pagination.total_pages}
        current={page.pagination.current_page}
        onChange={(n) => void go(n)}
        label={t('store.review_pages')}
      />
    </Stack>
  );
}
