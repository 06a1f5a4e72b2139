import { useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconCheck, IconDeviceMobile, IconLogin, IconTrash, IconUserEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { data, Link, useFetcher, useLocation, useNavigate } from 'react-router';
import { REDIRECT_DELAY_MS } from '@pool/contracts/core';
import type { Route } from './+types/settings';
import { apiFor, isSuccess } from '../lib/api.server.ts';
import { clearAuth, saveAuth } from '../lib/cookies.server.ts';
import { clearClientState, useAnswerHandler, type Answer } from '../lib/envelope.ts';
import { localePath, stripLang } from '../lib/lang.ts';
import { pageMeta } from '../lib/page-meta.ts';
import { useLang } from '../lib/use-lang.ts';
import { AccountPage } from '../features/account/account-page.tsx';
import { LinkList } from '../features/account/link-list.tsx';
import { PushSetup } from '../components/push-setup.tsx';
import { loadProfile } from '../features/account/profile.server.ts';
import { useChangeEffect } from '../lib/use-change-effect.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'settings.title');

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await loadProfile(await apiFor(context, request));
  return { signedIn: user !== null, isNotify: user?.is_notify ?? false };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await apiFor(context, request);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'notify') {
    const res = await api.PATCH('/api/user/switch-notify', { body: { is_notify: form.get('is_notify') === 'true' } });
    // The stored session carries is_notify too: keep it in step.
    const headers = new Headers();
    if (isSuccess(res) && api.auth && !api.auth.is_guest)
      headers.append('set-cookie', await saveAuth({ ...api.auth, is_notify: res.data.is_notify }));
    return data({ intent, answer: res }, { headers });
  }
  if (intent === 'delete') {
    const res = await api.POST('/api/user/delete-account');
    const headers = new Headers();
    if (isSuccess(res)) headers.append('set-cookie', await clearAuth());
    return data({ intent, answer: res }, { headers });
  }
  throw data(null, { status: 400 });
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function LanguageChoice() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { pathname, search } = useLocation();
  const options = [
    { value: 'ar', label: t('settings.arabic') },
    { value: 'en', label: t('settings.english') },
  ] as const;
  return (
    <Card title={t('settings.language')}>
      <Text c="dimmed" fz="sm" mb="sm">
        {t('settings.language_hint')}
      </Text>
      <Group grow gap="sm" data-testid="settings-language">
        {options.map((o) => {
          const current = o.value === lang;
          return (
            <Button
              key={o.value}
              component={Link}
              to={localePath(o.value, stripLang(pathname)) + search}
              lang={o.value}
              variant={current ? 'filled' : 'default'}
              aria-current={current ? 'true' : undefined}
              leftSection={current ? <IconCheck size={16} aria-hidden /> : null}
              size="md"
            >
              {o.label}
            </Button>
          );
        })}
      </Group>
    </Card>
  );
}

type ActionResult = { intent: string; answer: Answer<{ is_notify: boolean }> };

function NotifySwitch({ initial }: { initial: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const handle = useAnswerHandler();
  const pending = fetcher.formData?.get('is_notify');
  const checked = pending != null ? pending === 'true' : initial;
  useChangeEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.intent === 'notify')
      handle(fetcher.data.answer, { successToast: true });
  }, [fetcher.state, fetcher.data]);
  return (
    <Card title={t('settings.notifications')}>
      <Switch
        checked={checked}
        onChange={(e) =>
          fetcher.submit({ intent: 'notify', is_notify: String(e.currentTarget.checked) }, { method: 'post' })
        }
        disabled={fetcher.state !== 'idle'}
        label={t('settings.notify_label')}
        description={t('settings.notify_hint')}
        size="md"
        data-testid="notify-switch"
      />
    </Card>
  );
}

const DELETE_KEY = 'delete-account';

/**
 * Spec section 4: after a confirmed deletion the action has cleared the auth
 * cookie; after 1 s clear local storage and go to login. Lives in the page,
 * not the card, because the card unmounts once the page sees the visitor.
 */
function useDeleteOutcome() {
  const { to } = useLang();
  const navigate = useNavigate();
  const handle = useAnswerHandler();
  const fetcher = useFetcher<ActionResult>({ key: DELETE_KEY });
  useChangeEffect(() => {
    if (fetcher.state !== 'idle' || fetcher.data?.intent !== 'delete') return;
    handle(fetcher.data.answer, {
      successToast: true,
      onSuccess: () =>
        setTimeout(() => {
          clearClientState();
          navigate(to('/auth/login'), { replace: true });
        }, REDIRECT_DELAY_MS),
    });
  }, [fetcher.state, fetcher.data]);
}

function DeleteAccount() {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>({ key: DELETE_KEY });
  const [opened, setOpened] = useState(false);
  const busy = fetcher.state !== 'idle';
  useChangeEffect(() => {
    if (!busy && fetcher.data) setOpened(false);
  }, [busy, fetcher.data]);
  return (
    <Card title={t('settings.account')}>
      <Stack gap="sm">
        <NavItems />
        <Text c="dimmed" fz="sm">
          {t('settings.delete_hint')}
        </Text>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => setOpened(true)}
          data-testid="delete-account"
        >
          {t('settings.delete_account')}
        </Button>
      </Stack>
      <Modal
        opened={opened}
        onClose={() => !busy && setOpened(false)}
        title={t('settings.delete_account')}
        centered
        data-testid="delete-account-dialog"
      >
        <Text mb="lg">{t('settings.delete_confirm_text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setOpened(false)} disabled={busy} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => fetcher.submit({ intent: 'delete' }, { method: 'post' })}
            data-testid="delete-account-confirm"
          >
            {t('settings.delete_confirm_button')}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}

function NavItems() {
  const { t } = useTranslation();
  const items = [
    { path: '/settings/edit_profile', label: t('profile.edit_profile'), icon: IconUserEdit },
    { path: '/settings/change_mobile_number', label: t('profile.change_mobile'), icon: IconDeviceMobile },
  ];
  return (
    <Stack gap={0}>
      <LinkList items={items} />
    </Stack>
  );
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLang();
  useDeleteOutcome();
  return (
    <AccountPage title={t('settings.title')}>
      <LanguageChoice />
      {loaderData.signedIn ? (
        <>
          <NotifySwitch initial={loaderData.isNotify} />
          <PushSetup />
          <DeleteAccount />
        </>
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm" align="flex-start">
            <Text>{t('settings.visitor_text')}</Text>
            <Button
              component={Link}
              to={to('/auth/login')}
              leftSection={<IconLogin size={18} aria-hidden />}
              data-testid="settings-login"
            >
              {t('common.login')}
            </Button>
          </Stack>
        </Paper>
      )}
    </AccountPage>
  );
}
