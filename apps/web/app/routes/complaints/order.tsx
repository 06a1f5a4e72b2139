/**
 * `/more/order_complaints_inquiries`: a complaint (or a question) about one of my orders, of any
 * kind: I choose the order from my orders (newest first, `?order_id=` chooses one already, e.g.
 * from an order's page), then write the message with pictures; the new complaint's page opens.
 */
import { useState } from 'react';
import { Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { IconReceiptOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CustomerOrderItem } from '@pool/contracts/maintenance';
import type { Route } from './+types/order';
import { apiFor, isSuccess } from '../../lib/api.server.ts';
import { formatDate } from '../../lib/format.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { PagesNav } from '../../components/page-numbers.tsx';
import { AccountPage } from '../../features/account/account-page.tsx';
import { ComplaintForm } from '../../features/complaints/complaint-form.tsx';
import { fileComplaint } from '../../features/complaints/file.server.ts';
import { EmptyState } from '../../features/store/empty-state.tsx';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'complaints.order_title');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  const url = new URL(request.url);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1);
  const chosen = Math.floor(Number(url.searchParams.get('order_id'))) || null;
  const none = { orders: [] as CustomerOrderItem[], pagination: null, chosen };
  if (!api.auth || api.auth.is_guest) return none;
  const res = await api.GET('/api/user/orders', { params: { query: { page } } });
  return isSuccess(res) ? { orders: res.data.data, pagination: res.data.pagination, chosen } : none;
}

export async function action({ request, context }: Route.ActionArgs) {
  return fileComplaint(await apiFor(context, request), await request.formData());
}

function OrderPicker({
  orders,
  value,
  onChange,
  error,
}: {
  orders: CustomerOrderItem[];
  value: number | null;
  onChange: (id: number) => void;
  error: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <Radio.Group
      value={value ? String(value) : null}
      onChange={(v) => onChange(Number(v))}
      label={t('complaints.pick_order')}
      withAsterisk
      error={error}
      data-testid="complaint-orders"
    >
      <Stack gap="xs" mt="xs">
        {orders.map((o) => (
          <Radio.Card key={o.id} value={String(o.id)} radius="md" p="sm" data-testid="complaint-order-option">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={3} />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={700} dir="auto">
                  {t('complaints.order_ref', { number: o.number })}
                </Text>
                <Text fz="sm" c="gray.7">
                  {t(`complaints.order_kind_${o.kind}`)} · {formatDate(lang, o.created_at)}
                </Text>
                {o.title ? (
                  <Text fz="sm" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
                    {o.title}
                  </Text>
                ) : null}
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}

export default function OrderComplaintPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLang();
  const [, setParams] = useSearchParams();
  const { orders, pagination, chosen } = loaderData;
  const [orderId, setOrderId] = useState<number | null>(chosen);
  return (
    <AccountPage title={t('complaints.order_title')} intro={t('complaints.order_intro')}>
      {orders.length || chosen ? (
        <ComplaintForm
          orderId={orderId}
          before={(error) => (
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="sm">
                <OrderPicker orders={orders} value={orderId} onChange={setOrderId} error={error} />
                {pagination ? (
                  <PagesNav
                    label={t('complaints.orders_more')}
                    total={pagination.total_pages}
                    current={pagination.current_page}
                    onChange={(p) =>
                      setParams(
                        (prev) => {
                          const next = new URLSearchParams(prev);
                          next.set('page', String(p));
                          return next;
                        },
                        { preventScrollReset: true },
                      )
                    }
                  />
                ) : null}
              </Stack>
            </Paper>
          )}
        />
      ) : (
        <EmptyState
          Icon={IconReceiptOff}
          title={t('complaints.no_orders_title')}
          text={t('complaints.no_orders')}
          action={{ label: t('complaints.new_button'), to: to('/more/complaints_inquiries?new=1') }}
          testId="complaint-no-orders"
        />
      )}
    </AccountPage>
  );
}
