/**
 * `/admin/contact-messages`: the contact-us inbox. Filter by status (in the
 * URL); opening a message shows it from its row and marks it read (the API
 * does), and it can be marked handled.
 */
import { useState } from 'react';
import { Badge, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCheck, IconMailOpened } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { CONTACT_STATUSES } from '@pool/contracts/cms';
import type { Route } from './+types/contact-messages';
import { adminApi, answerOf, readWithUrl } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { DataTable, useListParams } from '../../../features/admin/data-table.tsx';
import { SearchBox } from '../../../features/admin/content-fields.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { may } from '../../../features/admin/resources.ts';
import { useAdmin } from '../../../features/admin/use-admin.ts';
import type { Answer } from '../../../lib/envelope.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Ltr } from '../../../components/ltr.tsx';

type Message = {
  id: number;
  user_id: number | null;
  name: string;
  phone: string;
  message: string;
  status: (typeof CONTACT_STATUSES)[number];
  created_at: string;
};

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.group_contact_messages');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  return readWithUrl(api, '/api/admin/contact-messages', request, ['q', 'page', 'status']);
}

/** `open` reads the message (new → read); `handled` marks it handled. */
export async function action({ request, context }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  const body = (await request.json()) as { intent: 'open' | 'handled'; id: number };
  const params = { path: { id: Number(body.id) } };
  if (body.intent === 'open') return answerOf(await api.GET('/api/admin/contact-messages/{id}', { params }));
  return answerOf(await api.POST('/api/admin/contact-messages/{id}/status', { params, body: { status: 'handled' } }));
}

const COLORS = { new: 'red', read: 'blue', handled: 'teal' } as const;

function StatusBadge({ status }: { status: Message['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[status]} c={`${COLORS[status]}.9`}>
      {t(`cms.ui_msg_status_${status}`)}
    </Badge>
  );
}

export default function ContactMessages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const canEdit = may(useAdmin(), 'contact_messages.edit');
  const list = useListParams();
  const fetcher = useFetcher<Answer<Message>>();
  const [open, setOpen] = useState<Message | null>(null);
  const screen = t('admin.group_contact_messages');
  const [intent, setIntent] = useState<'open' | 'handled'>('open');
  // Opening is quiet; marking handled confirms with the server's message. Either answer refreshes the open message.
  useAnswerEffect(fetcher.data, { onSuccess: (m) => setOpen(m), successToast: intent === 'handled' });
  const send = (next: 'open' | 'handled', id: number) => {
    setIntent(next);
    void fetcher.submit({ intent: next, id }, { method: 'post', encType: 'application/json' });
  };
  // The row already holds the message: show it at once, and let the server mark it read.
  const read = (m: Message) => {
    setOpen({ ...m, status: m.status === 'new' ? 'read' : m.status });
    send('open', m.id);
  };

  return (
    <AdminPage title={screen} description={t('cms.ui_about_contact_messages')}>
      <Group align="flex-end" justify="space-between" gap="md">
        <SearchBox label={t('cms.ui_search_in', { screen })} />
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="status-filter">
            {t('cms.ui_msg_status')}
          </Text>
          <SegmentedControl
            aria-labelledby="status-filter"
            value={list.get('status') || 'all'}
            onChange={(v) => list.set({ status: v === 'all' ? null : v })}
            data={['all', ...CONTACT_STATUSES].map((s) => ({ value: s, label: t(`cms.ui_msg_status_${s}`) }))}
            data-testid="status-filter"
          />
        </Stack>
      </Group>
      <DataTable
        rows={loaderData.data}
        pagination={loaderData.pagination}
        caption={screen}
        testId="messages-table"
        columns={[
          { key: 'status', label: t('cms.ui_msg_status'), render: (m) => <StatusBadge status={m.status} /> },
          {
            key: 'name',
            label: t('cms.ui_msg_name'),
            render: (m) => <Text fw={m.status === 'new' ? 700 : 400}>{m.name}</Text>,
          },
          { key: 'phone', label: t('cms.ui_msg_phone'), render: (m) => <Ltr>{m.phone}</Ltr> },
          {
            key: 'message',
            label: t('cms.ui_msg_message'),
            render: (m) => (
              <Text lineClamp={1} maw={320}>
                {m.message}
              </Text>
            ),
          },
          { key: 'date', label: t('cms.ui_msg_date'), render: (m) => formatDateTime('ar', m.created_at) },
          {
            key: 'actions',
            label: t('cms.ui_actions'),
            render: (m) => (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconMailOpened size={14} aria-hidden />}
                onClick={() => read(m)}
                aria-label={t('common.label_of', { label: t('cms.ui_msg_open'), name: m.name })}
                data-testid="message-open"
              >
                {t('cms.ui_msg_open')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? t('cms.ui_msg_title', { name: open.name }) : ''}
        size="lg"
        centered
      >
        {open ? (
          <Stack gap="sm" data-testid="message-view">
            <Group gap="sm">
              <StatusBadge status={open.status} />
              <Text fz="sm" c="dimmed">
                {formatDateTime('ar', open.created_at)}
              </Text>
            </Group>
            <Text fz="sm">
              {t('cms.ui_msg_phone')}: <Ltr>{open.phone}</Ltr> ·{' '}
              {open.user_id ? t('cms.ui_msg_customer', { id: open.user_id }) : t('cms.ui_msg_visitor')}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }} p="md" bg="gray.0" bdrs="md">
              {open.message}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpen(null)}>
                {t('common.close')}
              </Button>
              {canEdit && open.status !== 'handled' ? (
                <Button
                  color="teal"
                  leftSection={<IconCheck size={16} aria-hidden />}
                  loading={fetcher.state !== 'idle'}
                  onClick={() => send('handled', open.id)}
                  data-testid="message-handled"
                >
                  {t('cms.ui_msg_mark_handled')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </AdminPage>
  );
}
