import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { IconCar, IconCircleCheck, IconMapPinCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import {
  ETA_MINUTES_MAX,
  ETA_MINUTES_MIN,
  ON_THE_WAY_LEAD_HOURS,
  onTheWayFrom,
  riyadhDayAndTime,
} from '@pool/contracts/field-work';
import type { Answer } from '../../lib/envelope.ts';
import { formatDate } from '../../lib/format.ts';
import { answerFieldErrors } from '../../lib/forms.ts';
import type { Lang } from '../../lib/lang.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useStaffAnswer } from './answers.ts';
import { st } from './texts.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

/** The staff's moves, in order: each a state of the kernel and the page's intent. */
export const MOVES = ['on_the_way', 'arrived', 'completed', 'done'] as const;
export type Move = (typeof MOVES)[number];
export const isMove = (s: string): s is Move => (MOVES as readonly string[]).includes(s);

const ICONS = { on_the_way: IconCar, arrived: IconMapPinCheck, completed: IconCircleCheck, done: IconCircleCheck };
/** "Finished" is one word for the field team whatever the kind calls it. */
const confirmKey = (m: Move) => (m === 'done' ? 'completed' : m);

/** When "on the way" opens: its time (`HH:MM`, Riyadh) today, with its date another day. */
function opensText(lang: Lang, at: Date, now: number) {
  const { day, time } = riyadhDayAndTime(at);
  return day === riyadhDayAndTime(new Date(now)).day ? time : `${formatDate(lang, at)} ${time}`;
}

/** Setting a timer this far ahead at most (a browser's limit); the page re-arms it on its next render. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One big button for the next move; each asks for a confirmation first ("on the way" with the
 * minutes to arrival). "On the way" stays disabled, saying from when, until ON_THE_WAY_LEAD_HOURS
 * before the visit (`scheduledAt`; the API's rule). A refused move shows the server's message
 * under the button.
 */
export function NextMove({ next, scheduledAt }: { next: string[]; scheduledAt?: string | null }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const handle = useStaffAnswer();
  const send = useFetcher<Answer>();
  const move = next.find(isMove);
  const [open, setOpen] = useState(false);
  const [eta, setEta] = useState<number | string>(30);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [etaError, setEtaError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const opens = move === 'on_the_way' && scheduledAt ? onTheWayFrom(scheduledAt) : null;
  const early = opens !== null && now < opens.getTime();

  useEffect(() => {
    if (!early) return;
    // The button opens by itself when its time comes.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(opens.getTime() - now + 500, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [early, opens?.getTime(), now]); // eslint-disable-line react-hooks/exhaustive-deps

  useChangeEffect(() => {
    handle(send.data, {
      toast: true,
      success: () => {
        setOpen(false);
        setRefusal(null);
        setEtaError(null);
      },
      error: (a) => {
        const field = answerFieldErrors(a).eta_minutes;
        if (field) setEtaError(field);
        else {
          setOpen(false);
          setRefusal(a.msg);
        }
      },
    });
  }, [send.data]);

  if (!move) {
    return (
      <Text c="gray.7" ta="center" py="xs" data-testid="no-move">
        {t(st('no_move'))}
      </Text>
    );
  }
  const Icon = ICONS[move];
  const busy = send.state !== 'idle';
  const confirm = () =>
    void send.submit(
      { intent: 'move', status: move, ...(move === 'on_the_way' ? { eta_minutes: String(eta) } : {}) },
      { method: 'post' },
    );

  return (
    <Stack gap="xs">
      <Button
        size="xl"
        fullWidth
        radius="md"
        color={move === 'on_the_way' ? 'orange' : move === 'arrived' ? 'grape' : 'teal'}
        leftSection={<Icon size={26} aria-hidden />}
        disabled={early}
        // The time it opens (with its date another day) may take two lines.
        {...(early ? { h: 'auto', mih: 60, py: 'xs', styles: { label: { whiteSpace: 'normal' } } } : {})}
        onClick={() => {
          setRefusal(null);
          setOpen(true);
        }}
        data-testid="next-move"
        data-move={move}
        data-opens={opens?.toISOString()}
      >
        {early ? t(st('next_on_the_way_from'), { time: opensText(lang, opens, now) }) : t(st(`next_${move}`))}
      </Button>
      {early && (
        <Text fz="sm" c="gray.7" ta="center" data-testid="on-the-way-opens">
          {t(st('on_the_way_opens'), { count: ON_THE_WAY_LEAD_HOURS })}
        </Text>
      )}
      {refusal && (
        <Alert color="red" variant="light" role="alert" data-testid="move-refused">
          {refusal}
        </Alert>
      )}
      <Modal
        opened={open}
        onClose={() => !busy && setOpen(false)}
        title={t(st('confirm_title'))}
        centered
        data-testid="move-confirm"
      >
        <Stack gap="md">
          <Text>{t(st(`confirm_${confirmKey(move)}`))}</Text>
          {move === 'on_the_way' && (
            <NumberInput
              label={t(st('eta_label'))}
              description={t(st('eta_hint'), { min: ETA_MINUTES_MIN, max: ETA_MINUTES_MAX })}
              value={eta}
              onChange={(v) => {
                setEta(v);
                setEtaError(null);
              }}
              min={ETA_MINUTES_MIN}
              max={ETA_MINUTES_MAX}
              step={5}
              allowDecimal={false}
              allowNegative={false}
              inputMode="numeric"
              error={etaError}
              data-autofocus
              data-testid="eta-minutes"
            />
          )}
          <Group grow>
            <Button variant="default" onClick={() => setOpen(false)} disabled={busy}>
              {t(st('cancel'))}
            </Button>
            <Button onClick={confirm} loading={busy} data-testid="confirm-move">
              {t(st('confirm_yes'))}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
