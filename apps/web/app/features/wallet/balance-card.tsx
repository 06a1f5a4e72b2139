import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';

/** The current balance, large. */
export function BalanceCard({ balance }: { balance: number }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <Paper
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      component="section"
      aria-labelledby="wallet-balance-label"
      style={{ background: 'linear-gradient(135deg, var(--mantine-color-cyan-8), var(--mantine-color-teal-7))' }}
      c="white"
    >
      <Group wrap="nowrap" gap="md" align="center">
        <ThemeIcon size={56} radius="xl" color="white" variant="white" aria-hidden>
          <IconWallet size={30} color="var(--mantine-color-cyan-8)" />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text id="wallet-balance-label" fw={600} fz="sm" style={{ opacity: 0.9 }}>
            {t('wallet.balance')}
          </Text>
          <Text fw={800} fz={{ base: 28, sm: 36 }} lh={1.2} data-testid="wallet-balance">
            <bdi>{formatMoney(lang, balance)}</bdi>
          </Text>
          <Text fz="xs" style={{ opacity: 0.9 }}>
            {t('wallet.balance_hint')}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
