/**
 * Rating the technician of a finished order (`/orders/evaluation/{id}`): 1 to
 * 5 stars (required before sending) and an optional comment, once per order;
 * once rated, the rating is shown instead.
 */
import { useState } from 'react';
import { Anchor, Button, Group, Paper, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher } from 'react-router';
import type { EvaluationView } from '@pool/contracts/field-work';
import { ORDER_PAGE } from '@pool/contracts/notifications';
import { useAnswerHandler, type Answer } from '../../lib/envelope.ts';
import { answerFieldErrors } from '../../lib/forms.ts';
import { useLang } from '../../lib/use-lang.ts';
import { RatingStars } from './rating-stars.tsx';
import { StaffCardView } from './visit.tsx';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

/** States of an order that ended without the work: nothing to rate, ever. */
const CLOSED = ['cancelled', 'refused'];

export function StaffRating({ view }: { view: EvaluationView }) {
  const { t } = useTranslation();
  const { to } = useLang();
  const handle = useAnswerHandler();
  const fetcher = useFetcher<Answer<EvaluationView>>({ key: 'rate-staff' });
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [starsError, setStarsError] = useState<string | null>(null);
  const [commentError, setCommentError] = useState<string | null>(null);
  useChangeEffect(() => {
    handle(fetcher.data, {
      successToast: true,
      onError: (a) => {
        const errors = answerFieldErrors(a);
        setStarsError(errors.stars ?? null);
        setCommentError(errors.comment ?? null);
      },
    });
  }, [fetcher.data]);
  return (
    <Stack gap="md">
      {/* The order's page; a package visit's leads to its subscription's page, at that visit. */}
      <Anchor component={Link} to={to(`${ORDER_PAGE[view.kind]}/${view.order_id}`)} fz="sm">
        {t('maintenance-site.back_to_order')}
      </Anchor>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          {view.staff ? <StaffCardView staff={view.staff} /> : null}
          {view.rating ? (
            <Stack gap="xs" data-testid="staff-rated">
              <Text fw={700}>{t('maintenance-site.rate_done')}</Text>
              <RatingStars
                value={view.rating.stars}
                label={t('orders.ui_your_rating', { rating: view.rating.stars })}
              />
              {view.rating.comment ? <Text fz="sm">{view.rating.comment}</Text> : null}
            </Stack>
          ) : view.can_rate ? (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (!stars) return setStarsError(t('maintenance-site.rate_choose_stars'));
                void fetcher.submit(
                  { intent: 'rate-staff', kind: view.kind, stars: String(stars), comment: comment.trim() },
                  { method: 'post' },
                );
              }}
              data-testid="staff-rate-form"
            >
              <Stack gap="sm">
                <Stack gap={4}>
                  <Text fw={600} id="stars-label">
                    {t('maintenance-site.rate_stars')}
                  </Text>
                  <Rating
                    value={stars}
                    onChange={(v) => {
                      setStars(v);
                      setStarsError(null);
                    }}
                    size="xl"
                    aria-labelledby="stars-label"
                    data-testid="staff-stars"
                  />
                  {starsError ? (
                    <Text fz="sm" c="red.8" role="alert" data-testid="stars-error">
                      {starsError}
                    </Text>
                  ) : null}
                </Stack>
                <Textarea
                  label={t('maintenance-site.rate_comment')}
                  value={comment}
                  onChange={(e) => setComment(e.currentTarget.value)}
                  maxLength={1000}
                  autosize
                  minRows={3}
                  error={commentError}
                  data-testid="staff-comment"
                />
                <Group justify="flex-end">
                  <Button type="submit" loading={fetcher.state !== 'idle'} data-testid="staff-rate-send">
                    {t('maintenance-site.rate_send')}
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : (
            <Text c="gray.7" data-testid="rate-not-open">
              {t(CLOSED.includes(view.status) ? 'maintenance-site.rate_cancelled' : 'maintenance-site.rate_not_yet')}
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
