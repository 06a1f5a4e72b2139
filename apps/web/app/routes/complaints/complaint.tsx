/**
 * `/more/complaints_inquiries/{id}`: one of my inquiries or complaints: its state, the order it is
 * about, the promised fix date, the conversation (my message, then the replies in order, dated in
 * Riyadh time), and, once the management has answered, my reply (it returns to review) or closing
 * it. Another customer's answers 404. Live: the stream's `complaint` signal (every change the
 * management makes) reloads the page's data.
 */
import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Container, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck, IconCircleCheck, IconClock, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { data, Link, useFetcher, useRevalidator } from 'react-router';
import { onStreamEvent } from '../../components/live-count.tsx';
import type { ComplaintDetail } from '@pool/contracts/complaints';
import type { Route } from './+types/complaint';
import { apiFor, isSuccess, pageStatus } from '../../lib/api.server.ts';
import { asSent, type PathBody, type PathParams } from '../../lib/api.ts';
import { useAnswerHandler, type Answer } from '../../lib/envelope.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { ComplaintStatusBadge, ComplaintThread, ReplyComposer } from '../../features/complaints/index.ts';
import { routeId } from '../../lib/route-id.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'complaints.complaint_page_title');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  if (!api.auth || api.auth.is_guest) return { complaint: null };
  const id = routeId(params);
  const res = await api.GET('/api/user/complaints/{id}', { params: { path: { id } } });
  if (!isSuccess(res)) throw data(res.msg, { status: pageStatus(res) });
  return { complaint: res.data };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const api = await apiFor(context, request);
  const form = await request.formData();
  const path = asSent<PathParams<'post', '/api/user/complaints/{id}/reply'>>({ id: params.id });
  if (form.get('intent') === 'close') return api.POST('/api/user/complaints/{id}/close', { params: { path } });
  return api.POST('/api/user/complaints/{id}/reply', {
    params: { path },
    body: asSent<PathBody<'post', '/api/user/complaints/{id}/reply'>>({
      text: String(form.get('text') ?? ''),
      images: form.getAll('images').map(String),
    }),
  });
}

function ReplyForm() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const handle = useAnswerHandler();
  const fetcher = useFetcher<Answer<unknown>>({ key: 'complaint-reply' });
  useChangeEffect(() => handle(fetcher.data, { successToast: true }), [fetcher.data]);
  return (
    <ReplyComposer
      fetcher={fetcher}
      lang={lang}
      label={t('complaints.reply_label')}
      hint={t('complaints.reply_hint')}
      imagesLabel={t('complaints.images_label')}
      sendLabel={t('complaints.reply_send')}
      requiredText={t('validation.required')}
      uploadPath="/api/user/complaint-images"
      testIds={{ text: 'complaint-reply-text', send: 'complaint-reply-send' }}
    />
  );
}

function CloseButton() {
  const { t } = useTranslation();
  const handle = useAnswerHandler();
  const fetcher = useFetcher<Answer<ComplaintDetail>>({ key: 'complaint-close' });
  const [open, setOpen] = useState(false);
  useChangeEffect(() => {
    handle(fetcher.data, { successToast: true, onSuccess: () => setOpen(false) });
  }, [fetcher.data]);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconCircleCheck size={18} aria-hidden color="var(--mantine-color-teal-8)" />}
        onClick={() => setOpen(true)}
        data-testid="complaint-close"
      >
        {t('complaints.close')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('complaints.close_title')} centered>
        <Stack gap="md">
          <Text>{t('complaints.close_text')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('complaints.keep_open')}
            </Button>
            <Button
              color="teal"
              loading={fetcher.state !== 'idle'}
              onClick={() => void fetcher.submit({ intent: 'close' }, { method: 'post' })}
              data-testid="complaint-close-confirm"
            >
              {t('complaints.close_confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

export default function ComplaintPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const { complaint: c } = loaderData;
  const revalidator = useRevalidator();
  // Any change the management makes (also a promised date alone, which sends no notification).
  useEffect(
    () =>
      onStreamEvent<{ complaint_id: number }>('complaint', (e) => {
        if (e.complaint_id === c?.id) void revalidator.revalidate();
      }),
    [c?.id], // eslint-disable-line react-hooks/exhaustive-deps
  );
  if (!c) return null;
  const waiting = c.status === 'open' || c.status === 'in_review';
  return (
    <Container size="sm" px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Anchor component={Link} to={to('/more/complaints_inquiries')} fz="sm" data-testid="complaint-back">
            {t('complaints.back')}
          </Anchor>
          <Group justify="space-between" gap="sm" align="center">
            <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
              {t('complaints.item_title', { kind: t(`complaints.kind_${c.kind}`), id: c.id })}
            </Title>
            <ComplaintStatusBadge status={c.status} size="lg" />
          </Group>
          <Text c="gray.7" fz="sm">
            {t('complaints.filed_on', { date: formatDateTime(lang, c.created_at) })}
            {c.order ? (
              <>
                {' · '}
                <Anchor
                  component={Link}
                  to={to(`/order-details?id=${c.order.id}`)}
                  fz="sm"
                  underline="always"
                  data-testid="complaint-order"
                >
                  {t('complaints.order_ref', { number: c.order.number })}
                </Anchor>
              </>
            ) : null}
          </Text>
        </Stack>

        {c.promised_fix_date ? (
          <Alert color="teal" variant="light" icon={<IconCalendarCheck size={20} />} data-testid="complaint-promised">
            {t('complaints.promised_fix', { date: formatDate(lang, `${c.promised_fix_date}T12:00:00+03:00`) })}
          </Alert>
        ) : null}

        <ComplaintThread
          message={{ name: t('complaints.your_message'), text: c.text, images: c.images, at: c.created_at }}
          replies={c.replies}
          lang={lang}
        />

        {waiting ? (
          <Alert color="blue" variant="light" icon={<IconClock size={20} />} data-testid="complaint-waiting">
            {t('complaints.waiting')}
          </Alert>
        ) : null}
        {c.status === 'closed' && c.closed_at ? (
          <Alert color="gray" variant="light" icon={<IconLock size={20} />} data-testid="complaint-closed">
            {t(c.closed_by === 'admin' ? 'complaints.closed_note_admin' : 'complaints.closed_note_customer', {
              date: formatDateTime(lang, c.closed_at),
            })}
          </Alert>
        ) : null}
        {c.can_close ? (
          <Group justify="flex-end">
            <CloseButton />
          </Group>
        ) : null}
        {c.can_reply ? <ReplyForm /> : null}
      </Stack>
    </Container>
  );
}
