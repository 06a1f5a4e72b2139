/**
 * The price offer (spec section 3): every line with its quantity and price, then service, spare parts, extra
 * services, installation, delivery, discount, VAT and the total; on a service order's page (immediate
 * maintenance, pool construction) with the way to accept and pay or to reject it.
 */
import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MaintenanceOrderDetail } from '@pool/contracts/maintenance';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { Section } from '../orders/index.ts';

/** The offer's shape, the same for every kind of service order. */
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

/**
 * The offer's card on a service order's page: the offer, the customer's reason when they rejected it, the
 * buttons to accept (and pay) or reject it when allowed; before an offer, `waiting` (or why none is coming).
 */
export function OfferSection({
  offer,
  status,
  events,
  canAccept,
  canReject,
  waiting,
  onAccept,
  onReject,
}: {
  offer: Offer | null;
  status: string;
  events: ReadonlyArray<{ status: string; note: string | null }>;
  canAccept: boolean;
  canReject: boolean;
  waiting: string;
  onAccept: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  const rejected =
    status === 'offer_rejected' ? [...events].reverse().find((e) => e.status === 'offer_rejected') : null;
  const rejectedNote = rejected?.note ? t('maintenance-site.rejected_note', { reason: rejected.note }) : null;
  return (
    <Section title={t('maintenance-site.offer')}>
      {offer ? (
        <>
          <OfferSummary offer={offer} />
          {rejectedNote ? (
            <Text fz="sm" c="orange.9" data-testid="offer-rejected-note">
              {rejectedNote}
            </Text>
          ) : null}
          {canAccept || canReject ? (
            <Group justify="flex-end" gap="sm">
              {canReject ? (
                <Button
                  variant="default"
                  leftSection={<IconX size={18} aria-hidden />}
                  onClick={onReject}
                  data-testid="offer-reject"
                >
                  {t('maintenance-site.reject_offer')}
                </Button>
              ) : null}
              {canAccept ? (
                <Button leftSection={<IconCheck size={18} aria-hidden />} onClick={onAccept} data-testid="offer-accept">
                  {t('maintenance-site.accept_offer')}
                </Button>
              ) : null}
            </Group>
          ) : null}
        </>
      ) : rejectedNote ? (
        <Text c="orange.9" data-testid="offer-rejected-note">
          {rejectedNote}
        </Text>
      ) : status === 'cancelled' || status === 'refused' ? (
        <Text c="gray.7" data-testid="offer-closed">
          {t(`orders.ui_no_offer_${status}`)}
        </Text>
      ) : (
        <Text c="gray.7" data-testid="offer-waiting">
          {waiting}
        </Text>
      )}
    </Section>
  );
}
