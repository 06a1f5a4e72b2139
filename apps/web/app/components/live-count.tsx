import { useEffect, useRef } from 'react';
import { useNavigation, useRevalidator } from 'react-router';

const EVERY_MS = 60_000;

/**
 * What the notifications stream (live-alerts.tsx) reports: the unread count,
 * or that the stream is down. One page-wide channel, so the header needs no
 * second connection.
 */
const channel = new EventTarget();
let streaming = false;
/** The stream listens (its `ready` event): what it tells, the pages following it need not poll. */
export function reportStreamUp() {
  streaming = true;
}
export function reportStreamCount(count: number) {
  streaming = true;
  channel.dispatchEvent(new CustomEvent('count', { detail: count }));
}
export function reportStreamDown() {
  streaming = false;
  channel.dispatchEvent(new Event('down'));
}
/** Whether the notifications stream is open now (else pages that follow it poll). */
export const isStreaming = () => streaming;

/** Another event of the stream (the chat's `chat`), for the pages that follow it. */
export function reportStreamEvent(name: string, data: unknown) {
  channel.dispatchEvent(new CustomEvent(`event:${name}`, { detail: data }));
}
/** Calls `handler` with each stream event `name`; answers the unsubscribe function. */
export function onStreamEvent<T>(name: string, handler: (data: T) => void) {
  const listener = (e: Event) => handler((e as CustomEvent<T>).detail);
  channel.addEventListener(`event:${name}`, listener);
  return () => channel.removeEventListener(`event:${name}`, listener);
}

/**
 * Keeps a header's unread-notifications count fresh (the site's bell for a
 * signed-in customer, the dashboard's for an admin): `count` comes from the
 * loaders; the stream's count events re-run them when the count changed; while
 * the stream is down, a poll every 60 s (tab visible) takes over.
 */
export function LiveCount({ enabled, count }: { enabled: boolean; count: number }) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const last = useRef(Date.now());
  const shown = useRef(count);
  shown.current = count;
  const idle = revalidator.state === 'idle' && navigation.state === 'idle';

  // Any load (navigation, action, revalidation) refreshes the count too.
  useEffect(() => {
    if (idle) last.current = Date.now();
  }, [idle]);

  useEffect(() => {
    if (!enabled) return;
    const onCount = (e: Event) => {
      if ((e as CustomEvent<number>).detail === shown.current) return;
      last.current = Date.now();
      void revalidator.revalidate();
    };
    const poll = () => {
      if (streaming || document.visibilityState !== 'visible' || Date.now() - last.current < EVERY_MS - 1000) return;
      last.current = Date.now();
      void revalidator.revalidate();
    };
    channel.addEventListener('count', onCount);
    const timer = setInterval(poll, EVERY_MS);
    document.addEventListener('visibilitychange', poll);
    return () => {
      channel.removeEventListener('count', onCount);
      clearInterval(timer);
      document.removeEventListener('visibilitychange', poll);
    };
  }, [enabled]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}
