import {
  Anchor,
  Badge,
  Button,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher } from 'react-router';
import { notifySendBody, NOTIFY_TARGETS } from '@pool/contracts/admin';
import type { Route } from './+types/notifications';
import { answerFieldErrors, schemaValidate } from '../../../lib/forms.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { PathBody } from '../../../lib/api.ts';
import { adminApi, answerOf, listOrEmpty, readWithUrl } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { DataTable } from '../../../features/admin/data-table.tsx';
import { adminNotificationPage } from '../../../features/admin/live.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { useAdmin } from '../../../features/admin/use-admin.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.notify_title');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  const [page, cities] = await Promise.all([
    readWithUrl(api, '/api/admin/notifications', request, ['page']),
    listOrEmpty(api.anonymous.GET('/api/user/cities')),
  ]);
  // Counted after the list, which marks what it shows read: the header's bell shows this (features/admin/live.tsx).
  const count = await api.GET('/api/admin/notifications/count');
  return { list: page.notifications, cities, unread: count.key === 'success' ? count.data.count : 0 };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  // The form's fields as the browser sent them (strings): the API validates and coerces them, as it
  // does a form-urlencoded body.
  const body = Object.fromEntries(await request.formData()) as unknown as PathBody<
    'post',
    '/api/admin/notifications/send'
  >;
  return answerOf(await api.POST('/api/admin/notifications/send', { body }));
}

const validateSend = schemaValidate(notifySendBody, 'ar');
const filled = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));

type Values = {
  target: string;
  user_id: string;
  city_id: string;
  title_ar: string;
  title_en: string;
  body_ar: string;
  body_en: string;
};

/** Send a notification to one customer, all customers or a city's; and the notifications addressed to admins. */
export default function AdminNotifications({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const admin = useAdmin();
  const fetcher = useFetcher<ReturnType<typeof answerOf>>();
  const canSend = admin.is_super || admin.permissions.includes('notifications.send');
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { target: 'all', user_id: '', city_id: '', title_ar: '', title_en: '', body_ar: '', body_en: '' },
    // Fields of the other targets stay empty: leave them out, as the request does.
    validate: (values) => validateSend(filled(values)),
  });
  useAnswerEffect(fetcher.data, {
    onSuccess: () => form.reset(),
    onError: (answer) => form.setErrors(answerFieldErrors(answer)),
  });
  const submit = form.onSubmit((values) => void fetcher.submit(filled(values), { method: 'post' }));
  const target = form.values.target;
  return (
    <AdminPage title={t('admin.notify_title')} description={t('admin.notify_description')}>
      {canSend && (
        <Paper withBorder radius="lg" p="lg" component="form" onSubmit={submit} noValidate data-testid="notify-form">
          <Stack gap="md">
            <Title order={2} fz="h4">
              {t('admin.notify_send')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('admin.notify_target')}
                data={NOTIFY_TARGETS.map((v) => ({ value: v, label: t(`admin.notify_target_${v}`) }))}
                allowDeselect={false}
                {...form.getInputProps('target')}
              />
              {target === 'user' && (
                <TextInput
                  label={t('admin.notify_user_id')}
                  inputMode="numeric"
                  withAsterisk
                  {...form.getInputProps('user_id')}
                />
              )}
              {target === 'city' && (
                <Select
                  label={t('admin.notify_city')}
                  withAsterisk
                  data={loaderData.cities.map((c) => ({ value: String(c.id), label: c.name }))}
                  {...form.getInputProps('city_id')}
                />
              )}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('admin.notify_title_ar')} withAsterisk {...form.getInputProps('title_ar')} />
              <TextInput
                label={t('admin.notify_title_en')}
                withAsterisk
                dir="ltr"
                {...form.getInputProps('title_en')}
              />
              <Textarea
                label={t('admin.notify_body_ar')}
                withAsterisk
                autosize
                minRows={2}
                {...form.getInputProps('body_ar')}
              />
              <Textarea
                label={t('admin.notify_body_en')}
                withAsterisk
                autosize
                minRows={2}
                dir="ltr"
                {...form.getInputProps('body_en')}
              />
            </SimpleGrid>
            <Button type="submit" loading={fetcher.state !== 'idle'} w="fit-content" data-testid="notify-submit">
              {t('admin.notify_submit')}
            </Button>
          </Stack>
        </Paper>
      )}
      <Title order={2} fz="h4" id="inbox" style={{ scrollMarginTop: 80 }}>
        {t('admin.notify_inbox')}
      </Title>
      <DataTable
        caption={t('admin.notify_inbox')}
        rows={loaderData.list.data}
        pagination={loaderData.list.pagination}
        columns={[
          {
            key: 'title',
            label: t('admin.notify_col_title'),
            render: (n) => {
              // The order's (or complaint's) page the notification is about.
              const page = adminNotificationPage(n.link);
              return (
                <Stack gap={2}>
                  <Text fw={600}>
                    {page ? (
                      <Anchor component={Link} to={page} inherit data-testid="notification-link">
                        <bdi data-testid="notification-title">{n.title}</bdi>
                      </Anchor>
                    ) : (
                      <bdi data-testid="notification-title">{n.title}</bdi>
                    )}{' '}
                    {!n.read && <Badge size="xs">{t('admin.notify_new')}</Badge>}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    <bdi data-testid="notification-body">{n.body}</bdi>
                  </Text>
                </Stack>
              );
            },
          },
          { key: 'date', label: t('admin.notify_col_date'), render: (n) => formatDateTime('ar', n.created_at) },
        ]}
      />
    </AdminPage>
  );
}
