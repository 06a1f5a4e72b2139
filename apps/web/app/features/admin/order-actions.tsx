/**
 * An order's moves in the dashboard, for every order kind: a button per state the API offers
 * (`next_statuses`, each asked before it goes), and cancel or refuse with a reason through the
 * cancel dialog. The page's action gets `{intent: 'move', status}` or
 * `{intent: 'cancel', status, cancel_reason_id, note}`.
 */
import { useEffect, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconBan, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import type { Answer } from '../../lib/envelope.ts';
import { answerFieldErrors } from '../../lib/forms.ts';
import { CancelDialog } from '../orders/index.ts';
import { useAnswerEffect } from './admin-page.tsx';
import { ConfirmAction } from './confirm-action.tsx';
import { useMay } from './use-admin.ts';

const ENDINGS = ['cancelled', 'refused'] as const;
type Ending = (typeof ENDINGS)[number];
const ENDING_LOOK = {
  cancelled: { color: 'red', Icon: IconX, label: 'orders.ui_cancel_order', testId: 'admin-cancel' },
  refused: { color: 'orange', Icon: IconBan, label: 'orders.ui_refuse_order', testId: 'admin-refuse' },
} as const;

export function OrderActions({
  number,
  nextStatuses,
  reasons,
  moveLabel,
  statusLabel,
  skip = [],
  endingQuestions = {},
}: {
  number: string;
  nextStatuses: readonly string[];
  reasons: { id: number; title: string }[];
  /** A move's button text, e.g. "Start preparing". */
  moveLabel: (status: string) => string;
  /** A state's name, for the question asked before a move. */
  statusLabel: (status: string) => string;
  /** Moves made elsewhere on the page (an offer sent with its editor, an assignment with its picker). */
  skip?: readonly string[];
  /** The question asked before cancelling or refusing, when the kind says more (e.g. what is refunded). */
  endingQuestions?: Partial<Record<Ending, string>>;
}) {
  const { t } = useTranslation();
  const may = useMay();
  const move = useFetcher<Answer<unknown>>({ key: 'order-move' });
  const cancel = useFetcher<Answer<unknown>>({ key: 'order-admin-cancel' });
  const [ending, setEnding] = useState<Ending | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);
  useAnswerEffect(move.data);
  useAnswerEffect(cancel.data, {
    onSuccess: () => setEnding(null),
    onError: (a) => setCancelError(Object.values(answerFieldErrors(a))[0] ?? null),
  });
  useEffect(() => setCancelError(null), [ending]);
  const forward = nextStatuses.filter((s) => !(ENDINGS as readonly string[]).includes(s) && !skip.includes(s));
  const endings = ENDINGS.filter((s) => nextStatuses.includes(s));

  return (
    <Group gap="sm">
      {may('orders.edit')
        ? forward.map((s) => (
            <ConfirmAction
              key={s}
              label={moveLabel(s)}
              question={t('orders.ui_move_q', { number, status: statusLabel(s) })}
              color="cyan"
              variant="filled"
              size="sm"
              loading={move.state !== 'idle'}
              onConfirm={() => void move.submit({ intent: 'move', status: s }, { method: 'post' })}
              testId={`move-${s}`}
            />
          ))
        : null}
      {may('orders.cancel')
        ? endings.map((s) => {
            const { color, Icon, label, testId } = ENDING_LOOK[s];
            return (
              <Button
                key={s}
                size="sm"
                variant="light"
                color={color}
                leftSection={<Icon size={16} aria-hidden />}
                onClick={() => setEnding(s)}
                data-testid={testId}
              >
                {t(label)}
              </Button>
            );
          })
        : null}
      <CancelDialog
        opened={ending !== null}
        title={t(ENDING_LOOK[ending ?? 'cancelled'].label)}
        question={
          endingQuestions[ending ?? 'cancelled'] ??
          t(ending === 'refused' ? 'orders.ui_admin_refuse_q' : 'orders.ui_admin_cancel_q', { number })
        }
        reasons={reasons}
        busy={cancel.state !== 'idle'}
        error={cancelError}
        confirmLabel={t(ENDING_LOOK[ending ?? 'cancelled'].label)}
        onClose={() => setEnding(null)}
        onConfirm={(v) =>
          void cancel.submit({ intent: 'cancel', status: ending ?? 'cancelled', ...v }, { method: 'post' })
        }
      />
    </Group>
  );
}
