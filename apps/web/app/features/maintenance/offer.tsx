/** The price offer (spec section 3): every line with its quantity and price, then service, spare parts, extra services, installation, delivery, discount, VAT and the total. */
import { Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MaintenanceOrderDetail } from '@pool/contracts/maintenance';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';

type Offer = NonNullable<MaintenanceOrderDetail['offer']>;
type Line = Offer['lines'][number];

const SUMS = ['service', 'spare_parts', 'extra_services', 'installation', 'delivery', 'discount'] as const;

export function OfferLines({
  lines,
}: {
  lines: Pick<Line, 'id' | 'kind' | 'name' | 'quantity' | 'unit_price' | 'net'>[];
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const money = (h: number) => formatMoney(lang, h);
  return (
    <Stack gap="xs">
      {lines.map((l) => (
        <Group key={l.id} justify="space-between" wrap="nowrap" align="flex-start" data-testid="offer-line">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600}>{l.name}</Text>
            <Text fz="xs" c="gray.7">
              {t(`maintenance-site.line_${l.kind}`)}
              {l.quantity > 1 || l.kind === 'spare_part'
                ? ` · ${t('maintenance-site.line_qty', { quantity: formatNumber(lang, l.quantity), price: money(l.unit_price) })}`
                : ''}
            </Text>
          </Stack>
          <Text fw={600} c={l.net < 0 ? 'teal.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
            {money(l.net)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

export function OfferSummary({ offer }: { offer: Offer }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const money = (h: number) => formatMoney(lang, h);
  const p = offer.prices;
  return (
    <Stack gap="sm" data-testid="offer">
      <OfferLines lines={offer.lines} />
      <Divider />
      <Stack gap={4}>
        {SUMS.filter((k) => p[k] !== 0 || k === 'service').map((k) => (
          <Group key={k} justify="space-between" data-testid={`offer-sum-${k}`}>
            <Text fz="sm">{t(`maintenance-site.sum_${k}`)}</Text>
            <Text fz="sm" c={k === 'discount' ? 'teal.9' : undefined}>
              {k === 'discount' ? money(-p[k]) : money(p[k])}
            </Text>
          </Group>
        ))}
        <Group justify="space-between" data-testid="offer-sum-tax">
          <Text fz="sm">{t('maintenance-site.sum_tax', { rate: formatPercent(lang, p.tax_rate) })}</Text>
          <Text fz="sm">{money(p.tax)}</Text>
        </Group>
        <Divider />
        <Group justify="space-between" data-testid="offer-total">
          <Text fw={800}>{t('maintenance-site.sum_total')}</Text>
          <Text fw={800}>{money(p.total)}</Text>
        </Group>
      </Stack>
      <Text fz="xs" c="gray.7">
        {t('maintenance-site.prices_before_vat')}
      </Text>
    </Stack>
  );
}
