import { Avatar, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconDeviceMobile, IconLogout, IconSettings, IconUserEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import type { User } from '@pool/contracts/account';
import type { Route } from './+types/profile';
import { apiFor } from '../lib/api.server.ts';
import { clearClientState } from '../lib/envelope.ts';
import { displayPhone } from '../lib/format.ts';
import { pageMeta } from '../lib/page-meta.ts';
import { useLang } from '../lib/use-lang.ts';
import { AccountPage } from '../features/account/account-page.tsx';
import { LinkList } from '../features/account/link-list.tsx';
import { loadProfile } from '../features/account/profile.server.ts';
import { Ltr } from '../components/ltr.tsx';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'profile.title');

export async function loader({ request, context }: Route.LoaderArgs) {
  return { user: await loadProfile(await apiFor(context, request)) };
}

/** Bank numbers show only their last 4 characters; the rest stays on the server's side of the screen. */
function Masked({ value }: { value: string }) {
  const { t } = useTranslation();
  const last = value.replace(/\s+/g, '').slice(-4);
  return (
    <>
      <span className="visually-hidden">{t('profile.masked', { last })}</span>
      <span aria-hidden>
        <Ltr>•••• •••• {last}</Ltr>
      </span>
    </>
  );
}

function Field({ label, children, ltr }: { label: string; children: React.ReactNode | null; ltr?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="md"
      py={10}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-1)' }}
    >
      <Text component="dt" c="dimmed" fz="sm" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} fz="sm" ta="end" style={{ overflowWrap: 'anywhere' }}>
        {children && ltr ? (
          <Ltr>{children}</Ltr>
        ) : (
          (children ?? (
            <Text span c="dimmed" fw={400} fz="sm">
              {t('profile.not_set')}
            </Text>
          ))
        )}
      </Text>
    </Group>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="xs">
        {title}
      </Title>
      <dl style={{ margin: 0 }}>{children}</dl>
    </Paper>
  );
}

function AccountDetails({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <>
      <Section title={t('profile.account')}>
        <Field label={t('profile.name')}>{user.name}</Field>
        <Field label={t('profile.phone')}>
          <span data-testid="profile-phone">{displayPhone(user.country_code, user.phone)}</span>
        </Field>
        <Field label={t('profile.email')} ltr>
          {user.email}
        </Field>
      </Section>
      <Section title={t('profile.business')}>
        <Field label={t('profile.tax_number')} ltr>
          {user.tax_number}
        </Field>
        <Field label={t('profile.commercial_record')} ltr>
          {user.commercial_record}
        </Field>
      </Section>
      <Section title={t('profile.bank')}>
        <Field label={t('profile.bank_account_name')}>{user.bank_account_name}</Field>
        <Field label={t('profile.bank_name')}>{user.bank_name}</Field>
        <Field label={t('profile.iban')}>{user.iban ? <Masked value={user.iban} /> : null}</Field>
        <Field label={t('profile.bank_account_number')}>
          {user.bank_account_number ? <Masked value={user.bank_account_number} /> : null}
        </Field>
      </Section>
    </>
  );
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLang();
  const { user } = loaderData;
  const links = [
    { path: '/settings/edit_profile', label: t('profile.edit_profile'), icon: IconUserEdit },
    { path: '/settings/change_mobile_number', label: t('profile.change_mobile'), icon: IconDeviceMobile },
    { path: '/settings', label: t('profile.settings'), icon: IconSettings },
    { path: '/notifications', label: t('profile.notifications'), icon: IconBell },
  ];
  return (
    <AccountPage title={t('profile.title')}>
      {user ? (
        <>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} bg="cyan.0">
            <Group wrap="nowrap" gap="md">
              <Avatar
                src={user.image}
                name={user.name}
                alt={user.image ? user.name : undefined}
                size={80}
                radius={80}
                color="cyan"
                data-testid="profile-avatar"
              />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={800} fz="xl" data-testid="profile-name" style={{ overflowWrap: 'anywhere' }}>
                  {user.name}
                </Text>
                <Text c="dimmed" fz="sm">
                  {displayPhone(user.country_code, user.phone)}
                </Text>
              </Stack>
            </Group>
          </Paper>
          <AccountDetails user={user} />
        </>
      ) : (
        <Text c="dimmed">{t('profile.unavailable')}</Text>
      )}
      <Paper withBorder radius="lg" p="xs" component="nav" aria-label={t('profile.manage')}>
        <LinkList items={links} />
      </Paper>
      <Form method="post" action={to('/auth/logout')} onSubmit={clearClientState}>
        <Button
          type="submit"
          color="red"
          variant="light"
          fullWidth
          size="md"
          leftSection={<IconLogout size={18} aria-hidden />}
          data-testid="profile-logout"
        >
          {t('profile.logout')}
        </Button>
      </Form>
    </AccountPage>
  );
}
