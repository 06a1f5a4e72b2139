/**
 * One complaint in the dashboard: the customer's message and the replies in order; what the state
 * and the admin's permissions allow now: take it, assign it to an admin who may answer, reply
 * (`complaint_reply` to the customer), promise a fix date, close it; the customer, the order it is
 * about, and its times (sent, first reply, last reply, closed).
 */
import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Grid, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck, IconCircleCheck, IconHandGrab, IconInfoCircle, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher } from 'react-router';
import type { AdminComplaintDetail } from '@pool/contracts/complaints';
import { adminOrderPage } from '@pool/contracts/notifications';
import type { Route } from './+types/complaint';
import { asSent, type PathBody, type PathParams } from '../../../lib/api.ts';
import type { Answer } from '../../../lib/envelope.ts';
import { displayPhone, formatDate, formatDateTime } from '../../../lib/format.ts';
import { adminMeta } from '../../../features/admin/meta.ts';
import { adminApi, answerOf, listOrEmpty, must } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { ConfirmAction } from '../../../features/admin/confirm-action.tsx';
import { BackToList } from '../../../features/admin/order-cells.tsx';
import { useMay } from '../../../features/admin/use-admin.ts';
import {
  ComplaintStatusBadge,
  ComplaintThread,
  ReplyComposer,
  useOrderKindLabel,
} from '../../../features/complaints/index.ts';
import { Section } from '../../../features/orders/index.ts';
import { DayInput, riyadhToday } from '../../../features/dates/index.ts';
import { routeId } from '../../../lib/route-id.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'complaints-admin.title');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  const id = routeId(params);
  const complaint = must(await api.GET('/api/admin/complaints/{id}', { params: { path: { id } } }));
  // The assignment's choices: empty for an admin who may not assign.
  const assignees = complaint.can_assign ? await listOrEmpty(api.GET('/api/admin/complaints/assignees')) : [];
  return { complaint, assignees };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '');
  const path = { params: { path: asSent<PathParams<'post', '/api/admin/complaints/{id}/take'>>({ id: params.id }) } };
  switch (field('intent')) {
    case 'assign':
      return answerOf(
        await api.POST('/api/admin/complaints/{id}/assign', {
          ...path,
          body: asSent<PathBody<'post', '/api/admin/complaints/{id}/assign'>>({ admin_id: field('admin_id') }),
        }),
      );
    case 'reply':
      return answerOf(
        await api.POST('/api/admin/complaints/{id}/reply', {
          ...path,
          body: { text: field('text'), images: form.getAll('images').map(String) },
        }),
      );
    case 'promise':
      return answerOf(
        await api.POST('/api/admin/complaints/{id}/promise', {
          ...path,
          body: { promised_fix_date: field('promised_fix_date') },
        }),
      );
    case 'close':
      return answerOf(await api.POST('/api/admin/complaints/{id}/close', path));
    default:
      return answerOf(await api.POST('/api/admin/complaints/{id}/take', path));
  }
}

type Fetcher = ReturnType<typeof useFetcher<Answer<AdminComplaintDetail>>>;
const fieldError = (f: Fetcher, name: string) =>
  f.data && f.data.status === 422 ? (f.data.data as unknown as Record<string, string>)[name] : undefined;

function ReplyForm() {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer<unknown>>({ key: 'complaint-admin-reply' });
  useAnswerEffect(fetcher.data);
  return (
    <ReplyComposer
      fetcher={fetcher}
      lang="ar"
      label={t('complaints-admin.reply_label')}
      hint={t('complaints-admin.reply_hint')}
      imagesLabel={t('complaints.images_label')}
      sendLabel={t('complaints-admin.reply_send')}
      requiredText={t('validation.required')}
      uploadPath="/api/admin/complaint-images"
      testIds={{ text: 'admin-complaint-reply', send: 'admin-complaint-send' }}
    />
  );
}

function Handling({
  complaint: c,
  assignees,
}: {
  complaint: AdminComplaintDetail;
  assignees: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const may = useMay();
  const fetcher = useFetcher<Answer<AdminComplaintDetail>>({ key: 'complaint-admin-move' });
  useAnswerEffect(fetcher.data);
  const [assignee, setAssignee] = useState<string | null>(c.assignee ? String(c.assignee.id) : null);
  const [promised, setPromised] = useState(c.promised_fix_date ?? '');
  // The page's data after a move (or another admin's) is what the fields show.
  useEffect(() => setAssignee(c.assignee ? String(c.assignee.id) : null), [c.assignee]);
  useEffect(() => setPromised(c.promised_fix_date ?? ''), [c.promised_fix_date]);
  const busy = (intent: string) => fetcher.state !== 'idle' && fetcher.formData?.get('intent') === intent;
  const send = (values: Record<string, string>) => void fetcher.submit(values, { method: 'post' });
  return (
    <Section title={t('complaints-admin.handling')}>
      <Group justify="space-between" gap="sm">
        <ComplaintStatusBadge status={c.status} size="lg" />
        <Text fz="sm" data-testid="complaint-assignee">
          {t('complaints-admin.assignee')}: {c.assignee?.name ?? t('complaints-admin.unassigned')}
        </Text>
      </Group>
      {c.can_take && may('complaints.reply') ? (
        <Button
          leftSection={<IconHandGrab size={18} aria-hidden />}
          loading={busy('take')}
          onClick={() => send({ intent: 'take' })}
          data-testid="complaint-take"
        >
          {t('complaints-admin.take')}
        </Button>
      ) : null}
      {c.can_assign && may('complaints.assign') && assignees.length ? (
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <Select
            label={t('complaints-admin.assign_label')}
            data={assignees.map((a) => ({ value: String(a.id), label: a.name }))}
            value={assignee}
            onChange={setAssignee}
            searchable
            error={fieldError(fetcher, 'admin_id')}
            style={{ flex: 1 }}
            data-testid="complaint-assign-select"
          />
          <Button
            variant="light"
            leftSection={<IconUserCheck size={18} aria-hidden />}
            disabled={!assignee || assignee === String(c.assignee?.id ?? '')}
            loading={busy('assign')}
            onClick={() => assignee && send({ intent: 'assign', admin_id: assignee })}
            data-testid="complaint-assign"
          >
            {t('complaints-admin.assign')}
          </Button>
        </Group>
      ) : null}
      {c.can_promise && may('complaints.reply') ? (
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <DayInput
            lang="ar"
            label={t('complaints-admin.promise_label')}
            placeholder={t('admin.day_filter_placeholder')}
            value={promised || null}
            minDate={riyadhToday()}
            onChange={(day) => setPromised(day ?? '')}
            error={fieldError(fetcher, 'promised_fix_date')}
            style={{ flex: 1 }}
            testId="complaint-promise-date"
          />
          <Button
            variant="light"
            leftSection={<IconCalendarCheck size={18} aria-hidden />}
            loading={busy('promise')}
            disabled={promised === (c.promised_fix_date ?? '')}
            onClick={() => send({ intent: 'promise', promised_fix_date: promised })}
            data-testid="complaint-promise"
          >
            {t('complaints-admin.promise_save')}
          </Button>
        </Group>
      ) : (
        <Text fz="sm" data-testid="complaint-promised">
          {t('complaints-admin.promise_label')}:{' '}
          {c.promised_fix_date
            ? formatDate('ar', `${c.promised_fix_date}T12:00:00+03:00`)
            : t('complaints-admin.promise_none')}
        </Text>
      )}
      {c.can_close && may('complaints.close') ? (
        <Group justify="flex-end">
          <ConfirmAction
            label={t('complaints-admin.close')}
            question={t('complaints-admin.close_text')}
            confirmLabel={t('complaints-admin.close')}
            color="teal"
            size="sm"
            icon={<IconCircleCheck size={18} aria-hidden />}
            loading={busy('close')}
            onConfirm={() => send({ intent: 'close' })}
            testId="complaint-admin-close"
          />
        </Group>
      ) : null}
    </Section>
  );
}

export default function AdminComplaintPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const may = useMay();
  const orderKind = useOrderKindLabel();
  const { complaint: c, assignees } = loaderData;
  const time = (label: string, at: string | null) =>
    at ? (
      <Group justify="space-between" gap="xs">
        <Text fz="sm" c="gray.7">
          {label}
        </Text>
        <Text fz="sm">{formatDateTime('ar', at)}</Text>
      </Group>
    ) : null;
  return (
    <AdminPage
      title={t('complaints-admin.item_title', { kind: t(`complaints.kind_${c.kind}`), id: c.id })}
      actions={<BackToList to="/admin/complaints" label={t('complaints-admin.back')} />}
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Title order={2} fz="h4">
              {t('complaints-admin.message')}
            </Title>
            <ComplaintThread
              message={{ name: c.customer.name, text: c.text, images: c.images, at: c.created_at }}
              replies={c.replies}
              lang="ar"
            />
            {may('complaints.reply') ? (
              c.can_reply ? (
                <ReplyForm />
              ) : c.status !== 'closed' ? (
                <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />} data-testid="take-first">
                  {t('complaints-admin.take_first')}
                </Alert>
              ) : null
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Handling
              key={`${c.status}-${c.assignee?.id}-${c.promised_fix_date}`}
              complaint={c}
              assignees={assignees}
            />
            <Section title={t('complaints-admin.customer')} gap={4}>
              <Anchor component={Link} to={`/admin/users/${c.customer.id}`} fw={600}>
                {c.customer.name}
              </Anchor>
              <Text fz="sm">{displayPhone(c.customer.country_code, c.customer.phone)}</Text>
            </Section>
            {c.order ? (
              <Section title={t('complaints-admin.order')} gap={4}>
                <Anchor
                  component={Link}
                  to={adminOrderPage(c.order.kind, c.order.id)}
                  fw={600}
                  dir="ltr"
                  data-testid="complaint-admin-order"
                >
                  {c.order.number}
                </Anchor>
                <Text fz="sm" c="gray.7">
                  {orderKind(c.order.kind)}
                </Text>
              </Section>
            ) : null}
            <Section title={t('complaints-admin.times')} gap={4}>
              {time(t('complaints-admin.filed_at'), c.created_at)}
              {c.first_reply_at ? (
                time(t('complaints-admin.first_reply_at'), c.first_reply_at)
              ) : (
                <Text fz="sm" c="orange.9">
                  {t('complaints-admin.no_reply_yet')}
                </Text>
              )}
              {c.answered_at !== c.first_reply_at ? time(t('complaints-admin.answered_at'), c.answered_at) : null}
              {time(t('complaints-admin.closed_at'), c.closed_at)}
              {c.closed_by ? (
                <Text fz="sm" c="gray.7">
                  {t(`complaints-admin.closed_by_${c.closed_by}`)}
                </Text>
              ) : null}
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
    </AdminPage>
  );
}
