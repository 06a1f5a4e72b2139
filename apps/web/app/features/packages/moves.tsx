/**
 * The customer's moves on a subscription, shared by "my packages" and the
 * subscription's page: pay again one that waits for payment and renew it now
 * (card or wallet, the balance shown; a card opens the gateway's page), cancel
 * it (a confirmation that shows what returns to the wallet first), switch the
 * automatic renewal, take a visit back (confirmation) and pick a visit's time
 * within the period. Each is posted to the page's action (actions.server.ts);
 * the page's data then reloads.
 */
import { useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import type { PackageVisitView, SubscriptionView } from '@pool/contracts/packages';
import { useAnswerHandler, type Answer } from '../../lib/envelope.ts';
import { answerFieldErrors } from '../../lib/forms.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { riyadhNow } from '../dates/index.ts';
import { PayDialog } from '../maintenance/index.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { SlotPicker } from './slots-field.tsx';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

export type Move =
  | { kind: 'pay'; subscription: SubscriptionView }
  | { kind: 'renew'; subscription: SubscriptionView }
  | { kind: 'cancel'; subscription: SubscriptionView }
  | { kind: 'visit-cancel'; visit: PackageVisitView }
  | { kind: 'visit-pick'; visit: PackageVisitView; subscription: SubscriptionView };

/** The automatic renewal switch of an active subscription (its own request, shown at once). */
export function AutoRenewSwitch({ subscription }: { subscription: SubscriptionView }) {
  const { t } = useTranslation();
  const handle = useAnswerHandler();
  const fetcher = useFetcher<Answer<SubscriptionView>>({ key: `auto-renew-${subscription.id}` });
  useChangeEffect(() => {
    handle(fetcher.data, { successToast: true });
  }, [fetcher.data]);
  const pending = fetcher.formData?.get('auto_renew');
  const checked = pending ? pending === 'true' : subscription.auto_renew;
  return (
    <Switch
      checked={checked}
      onChange={(e) =>
        void fetcher.submit(
          { intent: 'auto-renew', id: String(subscription.id), auto_renew: String(e.currentTarget.checked) },
          { method: 'post' },
        )
      }
      label={t('packages.ui_auto_renew')}
      description={t('packages.ui_auto_renew_hint')}
      data-testid="auto-renew"
    />
  );
}

/** The dialogs of the moves, and `open` to start one; `balance`: the wallet's, shown when paying from it. */
export function useSubscriptionMoves(balance: number | null = null) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const handle = useAnswerHandler();
  // The page's own (no key): a keyed fetcher's answer would follow the customer to the next page and be handled again there.
  const fetcher = useFetcher<Answer<SubscriptionView>>();
  const [move, setMove] = useState<Move | null>(null);
  const [error, setError] = useState<React.ReactNode>(null);
  // One key per payment attempt: a double tap is answered once.
  const [payKey, setPayKey] = useState(newIdempotencyKey);
  const busy = fetcher.state !== 'idle';
  useChangeEffect(() => {
    if (fetcher.data) setPayKey(newIdempotencyKey());
    handle(fetcher.data as Answer<{ redirect_url?: string | null } | SubscriptionView> | undefined, {
      successToast: true,
      onSuccess: (d) => {
        if (d && 'redirect_url' in d && d.redirect_url) {
          window.location.assign(d.redirect_url);
          return;
        }
        setMove(null);
        setError(null);
      },
      onError: (a) => setError(Object.values(answerFieldErrors(a))[0] ?? null),
    });
  }, [fetcher.data]);
  const send = (values: Record<string, string>) => void fetcher.submit(values, { method: 'post' });
  const close = () => {
    if (busy) return;
    setMove(null);
    setError(null);
  };
  const buttons = (confirm: string, onConfirm: () => void, testId: string) => (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={close} disabled={busy}>
        {t('common.back')}
      </Button>
      <Button
        color="red"
        loading={busy}
        onClick={onConfirm}
        leftSection={<IconX size={18} aria-hidden />}
        data-testid={testId}
      >
        {confirm}
      </Button>
    </Group>
  );

  const paying = move?.kind === 'pay' || move?.kind === 'renew' ? move : null;
  const renewal = move?.kind === 'renew' ? move.subscription.renewal : null;
  const dialogs = (
    <>
      <PayDialog
        opened={!!paying}
        title={t(paying?.kind === 'renew' ? 'packages.ui_renew_title' : 'packages.ui_pay_title')}
        question={
          renewal
            ? t('packages.ui_renew_question', {
                from: formatDate(lang, renewal.starts_at),
                to: formatDate(lang, renewal.ends_at),
                visits: renewal.visits,
              })
            : t('packages.ui_pay_question')
        }
        total={(renewal ? renewal.total : paying?.subscription.total) ?? 0}
        balance={balance}
        busy={busy}
        onClose={close}
        onPay={(method) =>
          paying &&
          send({
            intent: paying.kind,
            id: String(paying.subscription.id),
            payment_method: method,
            idempotency_key: payKey,
          })
        }
      />
      <Modal
        opened={move?.kind === 'cancel'}
        onClose={close}
        title={t('packages.ui_cancel_subscription')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {move?.kind === 'cancel' ? (
          <Stack gap="md" data-testid="cancel-subscription-dialog">
            <Text>{t('packages.ui_cancel_question')}</Text>
            <Paper withBorder radius="md" p="sm" bg="teal.0">
              <Group justify="space-between">
                <Text fw={600}>{t('packages.ui_refund')}</Text>
                <Text fw={800} fz="lg" c="teal.9" data-testid="refund-amount">
                  {formatMoney(lang, move.subscription.refund_if_cancelled)}
                </Text>
              </Group>
            </Paper>
            {error ? (
              <Text c="red.8" fz="sm">
                {error}
              </Text>
            ) : null}
            {buttons(
              t('packages.ui_cancel_confirm'),
              () => send({ intent: 'cancel', id: String(move.subscription.id) }),
              'cancel-subscription-confirm',
            )}
          </Stack>
        ) : null}
      </Modal>
      <Modal
        opened={move?.kind === 'visit-cancel'}
        onClose={close}
        title={t('packages.ui_cancel_visit')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {move?.kind === 'visit-cancel' ? (
          <Stack gap="md" data-testid="cancel-visit-dialog">
            <Text>{t('packages.ui_cancel_visit_question', { number: move.visit.number })}</Text>
            {error ? (
              <Text c="red.8" fz="sm">
                {error}
              </Text>
            ) : null}
            {buttons(
              t('packages.ui_cancel_visit_confirm'),
              () => send({ intent: 'visit-cancel', id: String(move.visit.id) }),
              'cancel-visit-confirm',
            )}
          </Stack>
        ) : null}
      </Modal>
      <Modal
        opened={move?.kind === 'visit-pick'}
        onClose={close}
        title={move?.kind === 'visit-pick' ? t('packages.ui_pick_time_title', { number: move.visit.number }) : ''}
        centered
        size="xl"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {move?.kind === 'visit-pick' ? (
          <div data-testid="pick-time-dialog">
            <SlotPicker
              lang={lang}
              lastDay={riyadhNow(new Date(move.subscription.ends_at ?? Date.now())).day}
              label={t('packages.ui_book_time')}
              busy={busy}
              error={error}
              onPick={(slot) => send({ intent: 'visit-schedule', id: String(move.visit.id), ...slot })}
            />
          </div>
        ) : null}
      </Modal>
    </>
  );
  return { open: setMove, dialogs };
}
