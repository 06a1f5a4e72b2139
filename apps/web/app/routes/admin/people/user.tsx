import { Anchor, Avatar, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher } from 'react-router';
import type { Route } from './+types/user';
import type { Answer } from '../../../lib/envelope.ts';
import { displayPhone, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { adminMeta } from '../../../features/admin/meta.ts';
import { adminApi, answerOf, must } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { ConfirmAction } from '../../../features/admin/confirm-action.tsx';
import { StatusBadge } from '../../../features/admin/list-filters.tsx';
import { useAdmin } from '../../../features/admin/use-admin.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.people_user_title');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  return {
    user: must(await api.GET('/api/admin/users/{id}', { params: { path: { id: Number(params.id) || 0 } } })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  const intent = String((await request.formData()).get('intent'));
  const path = { params: { path: { id: Number(params.id) || 0 } } };
  return answerOf(
    intent === 'block'
      ? await api.POST('/api/admin/users/{id}/block', path)
      : await api.POST('/api/admin/users/{id}/unblock', path),
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text fw={600} component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

export default function UserPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const me = useAdmin();
  const { user } = loaderData;
  const fetcher = useFetcher<Answer<unknown>>();
  useAnswerEffect(fetcher.data);
  const mayBlock = me.is_super || me.permissions.includes('users.block');
  return (
    <AdminPage
      title={user.name}
      actions={
        <>
          <Anchor component={Link} to="/admin/users" fz="sm">
            <Group gap={4} component="span">
              <IconArrowRight size={16} aria-hidden />
              {t('admin.people_back_users')}
            </Group>
          </Anchor>
          {mayBlock ? (
            <ConfirmAction
              label={user.is_blocked ? t('admin.people_unblock') : t('admin.people_block')}
              question={t(user.is_blocked ? 'admin.people_unblock_q' : 'admin.people_block_q', { name: user.name })}
              color={user.is_blocked ? 'teal' : 'orange'}
              icon={user.is_blocked ? <IconLockOpen size={16} aria-hidden /> : <IconLock size={16} aria-hidden />}
              size="sm"
              loading={fetcher.state !== 'idle'}
              onConfirm={() =>
                void fetcher.submit({ intent: user.is_blocked ? 'unblock' : 'block' }, { method: 'post' })
              }
              testId="user-block"
            />
          ) : null}
        </>
      }
    >
      <Paper withBorder radius="lg" p="lg">
        <Group gap="lg" mb="lg">
          <Avatar src={user.image} alt="" size={80} radius={80} color="cyan" name={user.name} />
          <Stack gap={4}>
            <Title order={2} fz="h4">
              {t('admin.people_user_title')}
            </Title>
            <Group gap="xs">
              <StatusBadge blocked={user.is_blocked} />
              {!user.is_active && !user.is_blocked ? (
                <Text fz="sm" c="dimmed">
                  {t('admin.people_pending')}
                </Text>
              ) : null}
            </Group>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} component="dl" spacing="lg" m={0}>
          <Field label={t('admin.people_phone')}>{displayPhone(user.country_code, user.phone)}</Field>
          <Field label={t('admin.email')}>
            <span dir="ltr">{user.email ?? '—'}</span>
          </Field>
          <Field label={t('admin.people_city')}>{user.city?.name ?? '—'}</Field>
          <Field label={t('admin.people_tax_number')}>{user.tax_number ?? '—'}</Field>
          <Field label={t('admin.people_commercial_record')}>{user.commercial_record ?? '—'}</Field>
          <Field label={t('admin.people_lang')}>{t(`admin.people_lang_${user.lang === 'en' ? 'en' : 'ar'}`)}</Field>
          <Field label={t('admin.people_notify')}>{user.is_notify ? t('common.yes') : t('common.no')}</Field>
          <Field label={t('admin.people_notifications_count')}>{formatNumber('ar', user.notifications_count)}</Field>
          <Field label={t('admin.people_devices_count')}>{formatNumber('ar', user.devices_count)}</Field>
          <Field label={t('admin.people_created_at')}>{formatDateTime('ar', user.created_at)}</Field>
        </SimpleGrid>
      </Paper>
    </AdminPage>
  );
}
