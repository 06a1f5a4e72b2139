/**
 * `/orders/evaluation/{evaluation}`: rate each product of a delivered store order once, or the
 * technician of a finished service order (1-5 stars and an optional comment).
 */
import { useState } from 'react';
import { Anchor, Button, Group, Paper, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, Link, useFetcher } from 'react-router';
import type { StoreOrderDetail } from '@pool/contracts/orders';
import type { Route } from './+types/evaluation';
import { apiFor, isSuccess, pageStatus } from '../../lib/api.server.ts';
import { asSent, type PathBody, type PathParams } from '../../lib/api.ts';
import { useAnswerHandler, type Answer } from '../../lib/envelope.ts';
import { answerFieldErrors } from '../../lib/forms.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { RatingStars } from '../../features/orders/rating-stars.tsx';
import { AccountPage } from '../../features/account/account-page.tsx';
import { Thumb } from '../../features/cart/thumb.tsx';
import { StaffRating } from '../../features/maintenance/staff-rating.tsx';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

/** The rating page's title: the engineer of a construction order, else the technician, or a store order's products. */
const titleOf = (staff: { kind: string } | null | undefined) =>
  !staff
    ? 'orders.ui_rate_products'
    : staff.kind === 'pool_construction'
      ? 'construction-site.rate'
      : 'maintenance-site.rate_title';

export const meta: Route.MetaFunction = (args) => pageMeta(args, titleOf(args.loaderData?.staff));

/** Each service kind's rating route (the same body and rules); immediate maintenance's by default. */
const RATE_PATHS: Partial<Record<string, string>> = {
  package_visit: '/api/user/package-visits/{id}/rate',
  pool_construction: '/api/user/construction-orders/{id}/rate',
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  if (!api.auth || api.auth.is_guest) return { order: null, staff: null };
  const id = Number(params.evaluation);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  // A service order rates its staff member; a store order its products.
  const evaluation = await api.GET('/api/user/evaluations/{id}', { params: { path: { id } } });
  if (isSuccess(evaluation) && evaluation.data.kind !== 'store') return { order: null, staff: evaluation.data };
  const res = await api.GET('/api/user/store-orders/{id}', { params: { path: { id } } });
  if (!isSuccess(res)) throw data(res.msg, { status: pageStatus(res) });
  return { order: res.data, staff: null };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const api = await apiFor(context, request);
  const form = await request.formData();
  if (form.get('intent') === 'rate-staff') {
    // The same rating route under each kind's address.
    const rate = (RATE_PATHS[String(form.get('kind'))] ??
      '/api/user/maintenance-orders/{id}/rate') as '/api/user/maintenance-orders/{id}/rate';
    return api.POST(rate, {
      params: { path: asSent<PathParams<'post', '/api/user/maintenance-orders/{id}/rate'>>({ id: params.evaluation }) },
      body: asSent<PathBody<'post', '/api/user/maintenance-orders/{id}/rate'>>({
        stars: String(form.get('stars') ?? ''),
        comment: String(form.get('comment') ?? ''),
      }),
    });
  }
  // The address's id and the form's fields as they came: the API validates them.
  return api.POST('/api/user/store-orders/{id}/rate', {
    params: { path: asSent<PathParams<'post', '/api/user/store-orders/{id}/rate'>>({ id: params.evaluation }) },
    body: asSent<PathBody<'post', '/api/user/store-orders/{id}/rate'>>({
      product_id: String(form.get('product_id') ?? ''),
      rating: String(form.get('rating') ?? ''),
      comment: String(form.get('comment') ?? ''),
    }),
  });
}

type Line = StoreOrderDetail['lines'][number];

function RateLine({ line }: { line: Line }) {
  const { t } = useTranslation();
  const handle = useAnswerHandler();
  const fetcher = useFetcher<Answer<StoreOrderDetail>>({ key: `rate-${line.product_id}` });
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  useChangeEffect(() => {
    handle(fetcher.data, {
      successToast: true,
      onError: (a) => setError(Object.values(answerFieldErrors(a))[0] ?? null),
    });
  }, [fetcher.data]);
  const rated = line.rating !== null;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="rate-line">
      <Group gap="md" align="flex-start" wrap="nowrap">
        <Thumb src={line.image} alt={line.name} size={64} />
        <Stack gap="xs" style={{ flex: 1 }}>
          <Text fw={700}>{line.name}</Text>
          {rated ? (
            <Group gap="xs">
              <RatingStars value={line.rating ?? 0} />
              <Text fz="sm" c="teal.9">
                {t('orders.rated')}
              </Text>
            </Group>
          ) : (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (!stars) return setError(t('orders.ui_choose_stars'));
                void fetcher.submit(
                  { product_id: String(line.product_id), rating: String(stars), comment: comment.trim() },
                  { method: 'post' },
                );
              }}
            >
              <Stack gap="xs">
                <Rating
                  value={stars}
                  onChange={(v) => {
                    setStars(v);
                    setError(null);
                  }}
                  size="lg"
                  aria-label={t('orders.ui_stars_label', { name: line.name })}
                  data-testid="rate-stars"
                />
                <Textarea
                  label={t('orders.ui_comment')}
                  value={comment}
                  onChange={(e) => setComment(e.currentTarget.value)}
                  maxLength={1000}
                  autosize
                  minRows={2}
                  error={error}
                  data-testid="rate-comment"
                />
                <Group justify="flex-end">
                  <Button type="submit" loading={fetcher.state !== 'idle'} data-testid="rate-submit">
                    {t('orders.ui_send_rating')}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

export default function EvaluationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLang();
  const { order, staff } = loaderData;
  if (staff) {
    return (
      <AccountPage title={t(titleOf(staff))} intro={t('maintenance-site.rate_intro', { number: staff.number })}>
        <StaffRating view={staff} />
      </AccountPage>
    );
  }
  if (!order) return null;
  const lines = order.lines.filter(
    (l, i, all) => l.product_id !== null && all.findIndex((x) => x.product_id === l.product_id) === i,
  );
  return (
    <AccountPage title={t('orders.ui_rate_products')} intro={t('orders.ui_rate_intro', { number: order.number })}>
      <Anchor component={Link} to={to(`/orders/online_store_order/${order.id}`)} fz="sm">
        {t('orders.ui_back_to_order')}
      </Anchor>
      {order.status !== 'delivered' ? (
        <Text c="gray.7">{t('orders.rate_after_delivery')}</Text>
      ) : (
        <Stack gap="sm">
          {lines.map((l) => (
            <RateLine key={l.product_id} line={l} />
          ))}
        </Stack>
      )}
    </AccountPage>
  );
}
