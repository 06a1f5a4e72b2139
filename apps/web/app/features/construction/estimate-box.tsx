/**
 * The indicative price beside the designer: asked of the server (which alone prices) a moment after the
 * design stops changing, the last answer kept on screen while a newer one is on its way, and an answer
 * to an older design never shown over a newer one. "from … to … incl. VAT", read out when it changes.
 */
import { useEffect, useRef, useState } from 'react';
import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ConstructionEstimate } from '@pool/contracts/construction';
import { browserApi } from '../../lib/api.client.ts';
import { asSent, type PathBody } from '../../lib/api.ts';
import { formatRiyals } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { designBody, readyToPrice, type DesignValues } from './design.ts';

/** How long the design must rest before it is priced (typing, dragging a slider). */
export const ESTIMATE_DEBOUNCE_MS = 350;

type State =
  | { status: 'waiting' }
  | { status: 'loading'; last: ConstructionEstimate | null }
  | { status: 'done'; estimate: ConstructionEstimate }
  | { status: 'failed'; message: string | null };

export function useEstimate(values: DesignValues): State {
  const { lang } = useLang();
  const [state, setState] = useState<State>({ status: 'waiting' });
  const asked = useRef(0);
  const ready = readyToPrice(values);
  const body = ready ? designBody(values) : null;
  const key = body ? JSON.stringify(body) : '';

  useEffect(() => {
    const n = ++asked.current;
    if (!body) {
      setState({ status: 'waiting' });
      return;
    }
    setState((s) => ({
      status: 'loading',
      last: s.status === 'done' ? s.estimate : s.status === 'loading' ? s.last : null,
    }));
    const timer = setTimeout(() => {
      browserApi(lang)
        .POST('/api/user/construction/estimate', {
          body: asSent<PathBody<'post', '/api/user/construction/estimate'>>(body),
        })
        .then((answer) => {
          if (n !== asked.current) return;
          if (answer.key === 'success' && answer.data) setState({ status: 'done', estimate: answer.data });
          else setState({ status: 'failed', message: answer.msg || null });
        })
        .catch(() => n === asked.current && setState({ status: 'failed', message: null }));
    }, ESTIMATE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, lang]); // eslint-disable-line react-hooks/exhaustive-deps
  return state;
}

export type EstimateState = State;

/** The estimate on screen: the newest answer, or the last one while a newer is on its way. */
const shownOf = (state: State) =>
  state.status === 'done' ? state.estimate : state.status === 'loading' ? state.last : null;

export function EstimateBox({ state }: { state: State }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const shown = shownOf(state);
  const money = (h: number) => formatRiyals(lang, h);
  return (
    <Paper withBorder radius="lg" p="md" bg="cyan.0" data-testid="estimate-box" data-status={state.status}>
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <IconCalculator size={20} aria-hidden />
            <Text fw={700}>{t('construction-site.estimate')}</Text>
          </Group>
          {state.status === 'loading' ? (
            <Loader size="xs" aria-label={t('construction-site.estimate_updating')} />
          ) : null}
        </Group>
        <div aria-live="polite" aria-atomic="true">
          {shown ? (
            <Stack gap={2}>
              <Text fz={{ base: 'lg', sm: 'xl' }} fw={800} data-testid="estimate-range">
                {t('construction-site.estimate_range', { low: money(shown.low), high: money(shown.high) })}
              </Text>
              <Text fz="sm" fw={600} c="cyan.9">
                {t('construction-site.estimate_vat')}
              </Text>
            </Stack>
          ) : state.status === 'failed' ? (
            <Text fz="sm" c="red.8" data-testid="estimate-failed">
              {state.message ?? t('construction-site.estimate_failed')}
            </Text>
          ) : (
            <Text fz="sm" c="gray.7" data-testid="estimate-waiting">
              {t(
                state.status === 'loading'
                  ? 'construction-site.estimate_updating'
                  : 'construction-site.estimate_waiting',
              )}
            </Text>
          )}
        </div>
        <Text fz="xs" c="gray.7">
          {t('construction-site.estimate_note')}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * On a phone, the range under the thumb while the form is filled in (the preview and its box are above,
 * out of sight). The box above says the same to screen readers, so this copy is hidden from them.
 */
export function EstimateBar({ state }: { state: State }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const shown = shownOf(state);
  if (!shown) return null;
  return (
    <Paper shadow="md" radius="lg" p="sm" bg="cyan.0" withBorder aria-hidden data-testid="estimate-bar">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fz="sm" fw={700}>
          {t('construction-site.estimate')}
        </Text>
        <Text fz="sm" fw={800} ta="end">
          {t('construction-site.estimate_range', {
            low: formatRiyals(lang, shown.low),
            high: formatRiyals(lang, shown.high),
          })}
        </Text>
      </Group>
    </Paper>
  );
}
