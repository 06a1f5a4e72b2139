/**
 * The customer's orders by the spec's tabs (new, current, waiting, pending payment, finished), kept in the URL:
 * store orders by default, or any kind's with its own card (`card`).
 */
import { Fragment } from 'react';
import { Center, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconPackageOff } from '@tabler/icons-react';
import classes from './orders-list.module.css';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Pagination as Pages } from '@pool/contracts/core';
import { ORDER_TABS, type StoreOrderItem } from '@pool/contracts/orders';
import { PageNumbers } from '../../components/page-numbers.tsx';
import { OrderCard } from './order-card.tsx';

/** Changes the page's query (a null drops a key), staying where the page is scrolled. */
export function useParamsChange() {
  const [, setParams] = useSearchParams();
  return (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { preventScrollReset: true },
    );
}

/** A list's page numbers (`?page=`), when it has more than one page. */
export function ListPages({ pagination }: { pagination: Pages | null }) {
  const go = useParamsChange();
  if (!pagination || pagination.total_pages <= 1) return null;
  return (
    <Center>
      <PageNumbers
        total={pagination.total_pages}
        current={pagination.current_page}
        onChange={(p) => go({ page: p === 1 ? null : String(p) })}
      />
    </Center>
  );
}

export function OrdersList<T extends { id: number } = StoreOrderItem>({
  orders,
  pagination,
  tab,
  withAll,
  card,
}: {
  orders: T[];
  pagination: Pages | null;
  tab: string;
  /** Offer an "all" tab first (the store orders page). */
  withAll?: boolean;
  /** One order's card (the store's own by default). */
  card?: (order: T) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const go = useParamsChange();
  const tabs = [...(withAll ? ['all'] : []), ...ORDER_TABS];
  return (
    <Stack gap="md">
      <Tabs value={tab} onChange={(v) => go({ tab: v, page: null })} keepMounted={false}>
        <Tabs.List className={classes.list}>
          {tabs.map((k) => (
            <Tabs.Tab key={k} value={k} className={classes.tab} data-testid={`orders-tab-${k}`}>
              {t(`orders.ui_tab_${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {orders.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Center>
            <Stack align="center" gap="xs">
              <IconPackageOff size={40} stroke={1.3} color="var(--mantine-color-gray-6)" aria-hidden />
              <Text c="gray.7">{t('orders.ui_no_orders')}</Text>
            </Stack>
          </Center>
        </Paper>
      ) : (
        <Stack gap="sm" data-testid="orders-list">
          {orders.map((o) =>
            card ? (
              <Fragment key={o.id}>{card(o)}</Fragment>
            ) : (
              <OrderCard key={o.id} order={o as unknown as StoreOrderItem} />
            ),
          )}
        </Stack>
      )}
      <ListPages pagination={pagination} />
    </Stack>
  );
}
