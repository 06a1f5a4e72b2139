import { useEffect, useRef, useState } from 'react';
import { Box, CloseButton, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { usePhone } from '../lib/use-phone.ts';
import { WithOrderNumbers } from './ltr.tsx';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useRevalidator } from 'react-router';
import { ALERT_FADE_MS, ALERT_MS } from '@pool/contracts/core';
import type { NotificationItem } from '@pool/contracts/notifications';
import type { ApiPath } from '../lib/api.ts';
import { useLang } from '../lib/use-lang.ts';
import { useRoot } from '../lib/use-root.ts';
import { reportStreamCount, reportStreamDown, reportStreamEvent, reportStreamUp } from './live-count.tsx';

type Alert = NotificationItem & { leaving: boolean };

/** The stream's signals handed to the pages (live-count.tsx onStreamEvent). */
const FORWARDED_EVENTS = ['chat', 'complaint', 'visits'] as const;

/**
 * At most this many alerts on screen: one move may send several notifications at once (approved,
 * then "preparing your offer"), and a stack of them would cover a phone's page; the others wait
 * in the bell's list.
 */
const ALERTS_SHOWN = 2;
/**
 * On a phone one alert (the newest) at the bottom, above the safe area: at the top it covered the
 * page's heading and its buttons right when they mattered (paid, completed).
 */
const PHONE_PLACE = {
  bottom: 'calc(12px + env(safe-area-inset-bottom))',
  insetInlineStart: 12,
  insetInlineEnd: 12,
} as const;
const DESKTOP_PLACE = { top: 80, insetInlineEnd: 16, width: 'min(360px, calc(100vw - 32px))' } as const;

/** The site's alerts: a signed-in customer's stream; a `block` ends the session. */
export function SiteLiveAlerts() {
  const { lang, to } = useLang();
  const { viewer } = useRoot();
  const revalidator = useRevalidator();
  return (
    <LiveAlerts
      stream={
        viewer?.kind === 'user' ? `${'/api/user/notifications/stream' satisfies ApiPath<'get'>}?lang=${lang}` : null
      }
      hrefOf={(a) => to(a.link ?? '/notifications')}
      // A block ends the session: the root loader sees it and signs out.
      onNotification={(a) => (a.type === 'block' ? void revalidator.revalidate() : undefined)}
    />
  );
}

/**
 * In-page alerts (spec section 4) from a server-sent events stream of
 * notifications (the site's for customers, the dashboard's for admins): each
 * notification goes on top of the stack, leaves after ALERT_MS, or when closed
 * with an ALERT_FADE_MS fade. The stream's counts feed the header bell
 * (live-count.tsx).
 */
export function LiveAlerts({
  stream,
  hrefOf,
  onNotification,
}: {
  /** The stream's same-origin URL (the API takes the session cookie on it); null: no stream. */
  stream: string | null;
  /** Where a click on an alert leads. */
  hrefOf: (item: NotificationItem) => string;
  onNotification?: (item: NotificationItem) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const phone = usePhone();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const notified = useRef(onNotification);
  notified.current = onNotification;
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  const later = (fn: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      fn();
    }, ms);
    timers.current.add(timer);
  };
  const remove = (id: number) => setAlerts((list) => list.filter((a) => a.id !== id));
  const fadeOut = (id: number) => {
    setAlerts((list) => list.map((a) => (a.id === id ? { ...a, leaving: true } : a)));
    later(() => remove(id), ALERT_FADE_MS);
  };

  useEffect(() => {
    if (!stream) return;
    // Same-origin EventSource: the API accepts the session cookie on it (see the stream routes).
    const source = new EventSource(stream);
    // Each notification carries its id as the event's id: EventSource sends the last one back as
    // Last-Event-ID when it reconnects (to this process or another), and the server first sends what was
    // missed. One already shown (a catch-up that overlaps) is not shown again.
    const seen = new Set<number>();
    // Listening: sent by every stream, also one without notifications (an admin without notifications.view).
    source.addEventListener('ready', reportStreamUp);
    source.addEventListener('count', (e) => reportStreamCount(JSON.parse(e.data).count));
    source.addEventListener('notification', (e) => {
      const item = JSON.parse(e.data) as NotificationItem;
      if (seen.has(item.id)) return;
      seen.add(item.id);
      setAlerts((list) => [{ ...item, leaving: false }, ...list.filter((a) => a.id !== item.id)]);
      later(() => remove(item.id), ALERT_MS);
      notified.current?.(item);
    });
    // Signals for the pages that follow them: the open chat fetches what changed, an open complaint and
    // the dashboard's visits calendar reload.
    for (const name of FORWARDED_EVENTS) {
      source.addEventListener(name, (e) => reportStreamEvent(name, JSON.parse(e.data)));
    }
    // EventSource reconnects by itself after a drop. A refused stream (CLOSED) is not retried and leaves the
    // count to the poll; most often its session ended (blocked, signed out elsewhere) between the page's
    // render and the stream's start, which the loaders find out and sign the page out of.
    source.onerror = () => {
      reportStreamDown();
      if (source.readyState === EventSource.CLOSED) void revalidate.current();
    };
    const pending = timers.current;
    return () => {
      source.close();
      reportStreamDown();
      pending.forEach(clearTimeout);
      pending.clear();
    };
  }, [stream]);

  if (!stream) return null;
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={t('realtime.alerts_region')}
      data-testid="live-alerts"
      style={{
        position: 'fixed',
        ...(phone ? PHONE_PLACE : DESKTOP_PLACE),
        zIndex: 400,
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
        pointerEvents: 'none',
      }}
    >
      {alerts.slice(0, phone ? 1 : ALERTS_SHOWN).map((a) => (
        <Paper
          key={a.id}
          shadow="md"
          radius="md"
          p="sm"
          withBorder
          data-testid="live-alert"
          style={{
            pointerEvents: 'auto',
            opacity: a.leaving ? 0 : 1,
            transition: `opacity ${ALERT_FADE_MS}ms ease`,
            borderInlineStart: '4px solid var(--mantine-color-cyan-6)',
          }}
        >
          <Group wrap="nowrap" align="flex-start" gap="xs">
            <UnstyledButton
              style={{ flex: 1, minWidth: 0 }}
              onClick={() => {
                remove(a.id);
                navigate(hrefOf(a));
              }}
            >
              <Group wrap="nowrap" align="flex-start" gap="xs">
                <IconBell size={20} aria-hidden color="var(--mantine-color-cyan-7)" />
                <Box style={{ minWidth: 0 }}>
                  <Text fw={700} fz="sm" lineClamp={1}>
                    {a.title}
                  </Text>
                  <Text fz="sm" c="dimmed" lineClamp={3}>
                    <WithOrderNumbers text={a.body} />
                  </Text>
                </Box>
              </Group>
            </UnstyledButton>
            <CloseButton
              size="sm"
              aria-label={t('realtime.close_alert', { title: a.title })}
              onClick={() => fadeOut(a.id)}
            />
          </Group>
        </Paper>
      ))}
    </Box>
  );
}
