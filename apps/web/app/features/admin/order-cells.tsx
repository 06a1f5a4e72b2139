/**
 * Pieces of the dashboard's order lists and pages (store and service orders): the customer, the staff member
 * assigned, the payments, the cancel reason, the way back.
 */
import { Anchor, Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StaffCard } from '@pool/contracts/maintenance';
import { reasonTitle, Section } from '../orders/index.ts';
import { StaffRating } from './staff/cells.tsx';

/** An order's number in a console list, opening its page. */
export function OrderNumberLink({ to, number }: { to: string; number: string }) {
  return (
    <Anchor
      component={Link}
      to={to}
      fw={700}
      dir="ltr"
      style={{ whiteSpace: 'nowrap' }}
      data-testid="service-order-link"
    >
      {number}
    </Anchor>
  );
}

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
export function CancelReason({
  order,
}: {
  order: { status?: string; cancel_reason: string | null; cancel_note: string | null };
}) {
  const { t } = useTranslation();
  if (!order.cancel_reason && !order.cancel_note) return null;
  return (
    <Section title={t(reasonTitle(order.status))} gap={4}>
      <Text fz="sm" dir="auto" ta="start">
        {[order.cancel_reason, order.cancel_note].filter(Boolean).join(' — ')}
      </Text>
    </Section>
  );
}

/** The order page's way back to its list. */
export function BackToList({ to, label }: { to: string; label: string }) {
  return (
    <Button component={Link} to={to} variant="default" leftSection={<IconArrowRight size={16} aria-hidden />}>
      {label}
    </Button>
  );
}

/** The technician or engineer assigned: photo, name, rating; what the kind adds under it (an arrival window). */
export function AssignedStaffSection({
  title,
  staff,
  children,
}: {
  title: string;
  staff: StaffCard;
  children?: React.ReactNode;
}) {
  return (
    <Section title={title} gap={4}>
      <Group gap="sm" wrap="nowrap">
        <Avatar src={staff.image} alt="" radius="xl" color="cyan" />
        <Stack gap={2}>
          <Text fw={700} data-testid="assigned-staff">
            {staff.name}
          </Text>
          <StaffRating rating={staff.rating_count ? staff.rating : null} count={staff.rating_count} />
        </Stack>
      </Group>
      {children}
    </Section>
  );
}

/** How the order was paid and its refund, once there is either. */
export function PaymentsSection({
  order,
}: {
  order: { payment_method: string | null; payment_status: string | null; refund_status: string | null };
}) {
  const { t } = useTranslation();
  if (!order.payment_status && !order.refund_status) return null;
  return (
    <Section title={t('operations.payments')} gap={4}>
      {order.payment_status ? (
        <Text fz="sm">
          {order.payment_method ? `${t(`orders.ui_method_${order.payment_method}`)} · ` : ''}
          {t(`orders.ui_payment_${order.payment_status === 'failed' ? 'failed_status' : order.payment_status}`)}
        </Text>
      ) : null}
      {order.refund_status ? (
        <Text fz="sm" fw={600} data-testid="service-refund">
          {t(`operations.refund_${order.refund_status}`)}
        </Text>
      ) : null}
    </Section>
  );
}
