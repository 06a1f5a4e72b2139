/**
 * Browser push for a signed-in customer, or for a staff member in the staff view (spec §4 permission states: default →
 * request → granted or blocked). Offers a button while permission is
 * `default`; once granted, keeps this browser's subscription registered and
 * renews it after 7 days (spec §9, stored under `fcm_token`). Any failure is
 * only logged to the console (spec §8).
 */
import { useEffect, useState } from 'react';
import { Button, Paper, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PUSH_TOKEN_REFRESH_DAYS } from '@pool/contracts/core';
import { PUSH_TOKEN_STORAGE_KEY } from '@pool/contracts/notifications';
import { browserApi } from '../lib/api.client.ts';
import type { Lang } from '../lib/lang.ts';
import { useLang } from '../lib/use-lang.ts';

type State = 'hidden' | 'default' | 'requesting' | 'granted' | 'blocked';

const DAY_MS = 24 * 60 * 60 * 1000;

type Stored = { endpoint: string; at: number };

/** Whose notifications this browser receives: the customer's (the site) or the staff member's (the staff view). */
type Audience = 'user' | 'staff';

/** One browser may hold both a customer's and a staff session: each keeps its own record. */
const storageKey = (audience: Audience) =>
  audience === 'user' ? PUSH_TOKEN_STORAGE_KEY : `${PUSH_TOKEN_STORAGE_KEY}:staff`;

/** The audience's subscribe route (POST registers, DELETE removes). */
function subscriptionApi(audience: Audience, lang: Lang) {
  const api = browserApi(lang);
  return audience === 'user'
    ? {
        add: (body: SubscriptionJson) => api.POST('/api/user/push/subscribe', { body }),
        remove: (endpoint: string) => api.DELETE('/api/user/push/subscribe', { body: { endpoint } }),
      }
    : {
        add: (body: SubscriptionJson) => api.POST('/api/staff/push/subscribe', { body }),
        remove: (endpoint: string) => api.DELETE('/api/staff/push/subscribe', { body: { endpoint } }),
      };
}

type SubscriptionJson = { endpoint: string; keys: { p256dh: string; auth: string } };

function readStored(audience: Audience): Stored | null {
  try {
    const value = JSON.parse(localStorage.getItem(storageKey(audience)) ?? 'null') as Stored | null;
    return value && typeof value.endpoint === 'string' && typeof value.at === 'number' ? value : null;
  } catch {
    return null;
  }
}

/**
 * Registers the service worker (with the page language in its address), makes
 * sure a fresh subscription exists and that the server has it.
 */
async function syncSubscription(key: string, lang: Lang, audience: Audience) {
  const reg = await navigator.serviceWorker.register(`/sw.js?lang=${lang}`, { scope: '/' });
  await navigator.serviceWorker.ready;
  const server = subscriptionApi(audience, lang);
  const stored = readStored(audience);
  let sub = await reg.pushManager.getSubscription();
  const stale = !stored || Date.now() - stored.at > PUSH_TOKEN_REFRESH_DAYS * DAY_MS;
  if (sub && stale) {
    // Token refresh: drop the old subscription here and on the server, then take a new one.
    await server.remove(sub.endpoint);
    await sub.unsubscribe();
    sub = null;
  }
  if (sub && stored?.endpoint === sub.endpoint) return;
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  // The browser's own JSON of the subscription (its endpoint and keys); the API validates it.
  const answer = await server.add(sub.toJSON() as SubscriptionJson);
  if (answer.key !== 'success') throw new Error(`push subscribe answered ${answer.key}: ${answer.msg}`);
  localStorage.setItem(storageKey(audience), JSON.stringify({ endpoint: sub.endpoint, at: Date.now() }));
}

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

export function PushSetup({ audience = 'user' }: { audience?: Audience }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [state, setState] = useState<State>('hidden');
  const [key, setKey] = useState<string | null>(null);

  useEffect(() => {
    if (!supported()) return;
    let live = true;
    browserApi(lang)
      .GET('/api/push/vapid-public-key')
      .then(async (answer) => {
        const publicKey = answer.data?.public_key;
        if (!live || !publicKey) return;
        setKey(publicKey);
        const permission = Notification.permission;
        setState(permission === 'denied' ? 'blocked' : permission);
        if (permission === 'granted') await syncSubscription(publicKey, lang, audience);
      })
      .catch((err: unknown) => console.error('push setup failed', err));
    return () => {
      live = false;
    };
  }, [lang, audience]);

  async function enable() {
    if (!key) return;
    setState('requesting');
    try {
      const permission = await Notification.requestPermission();
      setState(permission === 'granted' ? 'granted' : permission === 'denied' ? 'blocked' : 'default');
      if (permission === 'granted') await syncSubscription(key, lang, audience);
    } catch (err) {
      console.error('push setup failed', err);
    }
  }

  if (state === 'hidden') return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="push-setup-title">
      <Title order={2} fz="h4" mb="sm" id="push-setup-title">
        {t('push.title')}
      </Title>
      {state === 'granted' ? (
        <Text data-testid="push-enabled">{t('push.enabled')}</Text>
      ) : state === 'blocked' ? (
        <Text c="dimmed" data-testid="push-blocked">
          {t('push.blocked')}
        </Text>
      ) : (
        <>
          <Text c="dimmed" fz="sm" mb="sm">
            {t(audience === 'staff' ? 'push.staff_hint' : 'push.hint')}
          </Text>
          <Button
            onClick={() => void enable()}
            loading={state === 'requesting'}
            leftSection={<IconBell size={18} aria-hidden />}
            data-testid="push-enable"
          >
            {t('push.enable')}
          </Button>
        </>
      )}
    </Paper>
  );
}
