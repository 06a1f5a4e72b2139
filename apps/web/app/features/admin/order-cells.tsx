/** Pieces of the dashboard's order lists and pages (store and service orders): the customer, the cancel reason, the way back. */
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Section } from '../orders/index.ts';

/** The customer's name over their phone (left to right). */
export function CustomerCell({ name, phone }: { name: string; phone: string }) {
  return (
    <Stack gap={0}>
      <Text fz="sm" fw={600}>
        {name}
      </Text>
      <Text fz="xs" c="gray.7" dir="ltr" ta="right">
        {phone}
      </Text>
    </Stack>
  );
}

/** The order page's customer card: their name (opening their page), phone, and what the kind adds (an address). */
export function CustomerSection({
  order,
  children,
}: {
  order: { customer_id: number; customer_name: string; customer_phone: string };
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('orders.ui_customer')} gap={4}>
      <Anchor component={Link} to={`/admin/users/${order.customer_id}`} fw={600}>
        {order.customer_name}
      </Anchor>
      <Text fz="sm" dir="ltr" ta="right">
        {order.customer_phone}
      </Text>
      {children}
    </Section>
  );
}

/** Why the order was cancelled or refused: the reason chosen and the note, when there is one. */
export function CancelReason({ order }: { order: { cancel_reason: string | null; cancel_note: string | null } }) {
  const { t } = useTranslation();
  if (!order.cancel_reason && !order.cancel_note) return null;
  return (
    <Section title={t('orders.ui_cancel_reason')} gap={4}>
      <Text fz="sm" dir="auto" ta="start">
        {[order.cancel_reason, order.cancel_note].filter(Boolean).join(' — ')}
      </Text>
    </Section>
  );
}

/** The order page's way back to its list. */
export function BackToList({ to, label }: { to: string; label: string }) {
  return (
    <Button component={Link} to={to} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
      {label}
    </Button>
  );
}
