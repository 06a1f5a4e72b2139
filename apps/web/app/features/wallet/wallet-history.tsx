import { Anchor, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowDownLeft, IconReceiptRefund, IconShoppingCart, IconWalletOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Pagination as Pages } from '@pool/contracts/core';
import type { WalletEntry, WalletEntryKind } from '@pool/contracts/wallet';
import { PagesNav } from '../../components/page-numbers.tsx';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { signedMoney } from './money.ts';

const KIND: Record<WalletEntryKind, { Icon: typeof IconShoppingCart; color: string }> = {
  charge: { Icon: IconArrowDownLeft, color: 'teal' },
  refund: { Icon: IconReceiptRefund, color: 'blue' },
  payment: { Icon: IconShoppingCart, color: 'red' },
};

function Entry({ entry }: { entry: WalletEntry }) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const { Icon, color } = KIND[entry.kind];
  const incoming = entry.amount > 0;
  return (
    <Group
      component="li"
      wrap="nowrap"
      gap="sm"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="wallet-entry"
      data-kind={entry.kind}
    >
      <ThemeIcon size={40} radius="xl" variant="light" color={color} aria-hidden>
        <Icon size={20} />
      </ThemeIcon>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={700} fz="sm">
          {t(`wallet.kind_${entry.kind}`)}
          {entry.order_number && entry.order_path ? (
            <>
              {t('common.inline_separator')}
              <Anchor component={Link} to={to(entry.order_path)} fz="sm" data-testid="wallet-entry-order">
                {t('wallet.order_ref', { number: entry.order_number })}
              </Anchor>
            </>
          ) : null}
        </Text>
        <Text component="time" dateTime={entry.created_at} fz="xs" c="dimmed" suppressHydrationWarning>
          {formatDateTime(lang, entry.created_at)}
        </Text>
      </Stack>
      <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
        <Text fw={800} fz="md" c={incoming ? 'teal.9' : 'red.9'} data-testid="wallet-entry-amount">
          <bdi>{signedMoney(lang, entry.amount)}</bdi>
        </Text>
        <Text fz="xs" c="dimmed">
          {t('wallet.balance_after', { amount: formatMoney(lang, entry.balance_after) })}
        </Text>
      </Stack>
    </Group>
  );
}

/** The ledger, newest first, with pages; an empty state before the first move. */
export function WalletHistory({ entries, pagination }: { entries: WalletEntry[]; pagination: Pages }) {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const goTo = (page: number) => navigate(page === 1 ? to('/more/wallet') : `${to('/more/wallet')}?page=${page}`);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="history-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="h4" id="history-title">
          {t('wallet.history_title')}
        </Title>
        {pagination.total_items > 0 && (
          <Text fz="sm" c="dimmed" data-testid="wallet-count">
            {t('wallet.entries_count', { count: pagination.total_items })}
          </Text>
        )}
      </Group>
      {entries.length === 0 ? (
        <Stack align="center" ta="center" gap="xs" py="xl" data-testid="wallet-empty">
          <ThemeIcon size={64} radius="xl" variant="light" color="gray" aria-hidden>
            <IconWalletOff size={34} />
          </ThemeIcon>
          <Text fw={700}>{t('wallet.empty_title')}</Text>
          <Text c="dimmed" fz="sm" maw={360}>
            {t('wallet.empty_text')}
          </Text>
        </Stack>
      ) : (
        <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.map((e) => (
            <Entry key={e.id} entry={e} />
          ))}
        </Stack>
      )}
      <PagesNav
        total={pagination.total_pages}
        current={pagination.current_page}
        onChange={goTo}
        label={t('wallet.pages')}
        mt="md"
        testId="wallet-pagination"
      />
    </Paper>
  );
}
