/** A package on sale: name, description, what it includes, the price with VAT, the visits and the validity. */
import { Badge, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarRepeat, IconCheck, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PublicPackage } from '@pool/contracts/packages';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';

/** The price the customer pays, "incl. VAT" beside it. */
export function PackagePrice({ halalas, size = 'xl' }: { halalas: number; size?: 'lg' | 'xl' }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <Group gap={6} align="baseline" wrap="nowrap">
      <Text fw={800} fz={size} c="cyan.9" data-testid="package-price">
        {formatMoney(lang, halalas)}
      </Text>
      <Text fz="xs" c="gray.7">
        {t('packages.ui_incl_vat')}
      </Text>
    </Group>
  );
}

export function PackageFacts({ pkg }: { pkg: Pick<PublicPackage, 'visits' | 'validity_days'> }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Badge variant="light" color="cyan" c="cyan.9" leftSection={<IconCalendarRepeat size={14} aria-hidden />}>
        {t('packages.ui_visits', { count: pkg.visits })}
      </Badge>
      <Badge variant="light" color="gray" c="gray.9" leftSection={<IconClockHour4 size={14} aria-hidden />}>
        {t('packages.ui_validity', { days: pkg.validity_days })}
      </Badge>
    </Group>
  );
}

export function PackageCard({
  pkg,
  full,
  children,
}: {
  pkg: PublicPackage;
  /** The details page: the whole description, a larger title. */
  full?: boolean;
  /** The card's actions. */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} h="100%" data-testid="package-card">
      <Stack gap="sm" h="100%">
        <Title order={2} fz={full ? 'h2' : 'h3'} data-testid="package-name">
          {pkg.name}
        </Title>
        <PackagePrice halalas={pkg.price_with_vat} />
        <PackageFacts pkg={pkg} />
        {pkg.description ? (
          <Text fz="sm" c="gray.8" lineClamp={full ? undefined : 3}>
            {pkg.description}
          </Text>
        ) : null}
        {pkg.features.length ? (
          <Stack gap={6}>
            <Text fw={700} fz="sm">
              {t('packages.ui_includes')}
            </Text>
            <List
              spacing={4}
              size="sm"
              icon={
                <ThemeIcon size={18} radius="xl" color="teal" variant="light" aria-hidden>
                  <IconCheck size={12} />
                </ThemeIcon>
              }
            >
              {pkg.features.map((f) => (
                <List.Item key={f}>{f}</List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
        {children ? (
          <Group gap="sm" mt="auto" pt="xs">
            {children}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
