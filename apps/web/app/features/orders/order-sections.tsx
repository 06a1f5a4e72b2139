/** Parts of an order's page shared by the customer's pages (any kind) and the dashboard: the heading, a titled card, the lines, the timeline. */
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StoreOrderDetail } from '@pool/contracts/orders';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { Thumb } from '../cart/index.ts';
import { RatingStars } from './rating-stars.tsx';
import { OrderTimeline } from './timeline.tsx';

export function Section({ title, children, gap = 'sm' }: { title: string; children: React.ReactNode; gap?: 'sm' | 4 }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap={gap}>
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The order's lines: picture, name and options, quantity × unit price, installation, total, and the customer's rating. */
export function OrderLines({ lines, lang }: { lines: StoreOrderDetail['lines']; lang?: 'ar' | 'en' }) {
  const { t } = useTranslation();
  const page = useLang();
  const money = (h: number) => formatMoney(lang ?? page.lang, h);
  return (
    <Section title={t('orders.ui_products')}>
      {lines.map((l, i) => (
        <Group key={i} gap="md" wrap="nowrap" align="flex-start" data-testid="order-line">
          <Thumb src={l.image} alt={l.name} size={56} />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={700}>{l.name}</Text>
            {l.options ? (
              <Text fz="sm" c="gray.7">
                {l.options}
              </Text>
            ) : null}
            <Text fz="sm" c="gray.7">
              {t('orders.ui_line_detail', {
                quantity: formatNumber(lang ?? page.lang, l.quantity),
                price: money(l.unit_price_with_vat),
              })}
              {l.installation_price_with_vat
                ? ` · ${t('orders.ui_with_installation', { price: money(l.installation_price_with_vat) })}`
                : ''}
            </Text>
            {l.rating ? <RatingStars value={l.rating} size="sm" /> : null}
          </Stack>
          <Text fw={700}>{money(l.line_total_with_vat)}</Text>
        </Group>
      ))}
    </Section>
  );
}

export function TimelineSection({
  events,
  label,
  staff,
}: {
  events: React.ComponentProps<typeof OrderTimeline>['events'];
  label?: (status: string) => string;
  /** Who the staff's moves are by, when not a technician (an engineer). */
  staff?: string;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('orders.ui_timeline')}>
      <OrderTimeline events={events} label={label} staff={staff} />
    </Section>
  );
}

/** An order page's heading: the way back to the list, "Order <number>", its state and time, and the page's actions. */
export function OrderHeading({
  back,
  title,
  number,
  badge,
  createdAt,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  number: string;
  badge: React.ReactNode;
  createdAt: string;
  /** The actions beside it (buttons). */
  children?: React.ReactNode;
}) {
  const { lang } = useLang();
  return (
    <Group justify="space-between" align="flex-end">
      <Stack gap={4}>
        <Anchor component={Link} to={back.to} fz="sm">
          {back.label}
        </Anchor>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {title}{' '}
          <bdi data-testid="order-number" style={{ whiteSpace: 'nowrap' }}>
            {number}
          </bdi>
        </Title>
        <Group gap="sm">
          {badge}
          <Text fz="sm" c="gray.7">
            {formatDateTime(lang, createdAt)}
          </Text>
        </Group>
      </Stack>
      <Group gap="sm">{children}</Group>
    </Group>
  );
}
