/**
 * `/more/complaints_inquiries`: my inquiries and complaints, newest first, each with its state,
 * the order it is about and its replies; a new one from here (`?new=1` opens the form) or about
 * one of my orders (`/more/order_complaints_inquiries`).
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMessageQuestion, IconPlus, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ComplaintItem } from '@pool/contracts/complaints';
import type { Route } from './+types/list';
import { apiFor, isSuccess } from '../../lib/api.server.ts';
import { formatDateTime } from '../../lib/format.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { PagesNav } from '../../components/page-numbers.tsx';
import { AccountPage } from '../../features/account/account-page.tsx';
import { ComplaintStatusBadge } from '../../features/complaints/index.ts';
import { ComplaintForm } from '../../features/complaints/complaint-form.tsx';
import { fileComplaint } from '../../features/complaints/file.server.ts';
import { EmptyState } from '../../features/store/empty-state.tsx';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'complaints.title');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get('page'))) || 1);
  const none = { complaints: [] as ComplaintItem[], pagination: null };
  if (!api.auth || api.auth.is_guest) return none;
  const res = await api.GET('/api/user/complaints', { params: { query: { page } } });
  return isSuccess(res) ? { complaints: res.data.data, pagination: res.data.pagination } : none;
}

export async function action({ request, context }: Route.ActionArgs) {
  return fileComplaint(await apiFor(context, request), await request.formData());
}

function ComplaintCard({ c }: { c: ComplaintItem }) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  return (
    <Paper
      component={Link}
      to={to(`/more/complaints_inquiries/${c.id}`)}
      withBorder
      radius="lg"
      p="md"
      style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}
      data-testid="complaint-card"
      data-status={c.status}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={700}>{t('complaints.item_title', { kind: t(`complaints.kind_${c.kind}`), id: c.id })}</Text>
          <ComplaintStatusBadge status={c.status} size="sm" />
        </Group>
        <Text lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {c.excerpt}
        </Text>
        <Text fz="sm" c="gray.7">
          {[
            c.order ? t('complaints.order_ref', { number: c.order.number }) : null,
            formatDateTime(lang, c.created_at),
            t('complaints.replies_count', { count: c.replies_count }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
    </Paper>
  );
}

export default function ComplaintsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLang();
  const [params, setParams] = useSearchParams();
  const { complaints, pagination } = loaderData;
  const writing = params.get('new') === '1';
  return (
    <AccountPage title={t('complaints.title')} intro={t('complaints.intro')}>
      <Group gap="sm">
        <Button
          component={Link}
          to="?new=1"
          preventScrollReset
          variant={writing ? 'filled' : 'light'}
          leftSection={<IconPlus size={18} aria-hidden />}
          data-testid="complaint-new"
        >
          {t('complaints.new_button')}
        </Button>
        <Button
          component={Link}
          to={to('/more/order_complaints_inquiries')}
          variant="light"
          leftSection={<IconReceipt size={18} aria-hidden />}
          data-testid="complaint-about-order"
        >
          {t('complaints.about_order_button')}
        </Button>
      </Group>
      {writing ? (
        <Stack gap="sm" component="section" aria-labelledby="complaint-new-title">
          <Title order={2} fz="h3" id="complaint-new-title">
            {t('complaints.new_title')}
          </Title>
          <ComplaintForm defaultKind="inquiry" />
        </Stack>
      ) : null}
      {complaints.length ? (
        <Stack gap="sm" component="section" aria-labelledby="complaints-list-title">
          <Title order={2} fz="h3" id="complaints-list-title">
            {t('complaints.list_label')}
          </Title>
          {complaints.map((c) => (
            <ComplaintCard key={c.id} c={c} />
          ))}
          {pagination ? (
            <PagesNav
              label={t('complaints.title')}
              total={pagination.total_pages}
              current={pagination.current_page}
              onChange={(p) =>
                setParams((prev) => {
                  const next = new URLSearchParams(prev);
                  if (p === 1) next.delete('page');
                  else next.set('page', String(p));
                  return next;
                })
              }
            />
          ) : null}
        </Stack>
      ) : writing ? null : (
        <EmptyState
          Icon={IconMessageQuestion}
          color="grape"
          title={t('complaints.empty')}
          text={t('complaints.empty_hint')}
          action={{ label: t('complaints.new_button'), to: '?new=1' }}
          testId="complaints-empty"
        />
      )}
    </AccountPage>
  );
}
