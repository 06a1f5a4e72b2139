/** Choices shared by checkout and the service requests: one of my saved addresses, and how to pay (card or wallet). */
import { Group, Radio, SegmentedControl, Stack } from '@mantine/core';
import { IconCreditCard, IconWallet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AddressItem } from '@pool/contracts/cart';
import type { PaymentMethod } from '@pool/contracts/store';
import { addressText } from './address-text.ts';

/** My saved addresses as radio buttons (label, then the address in words). */
export function AddressRadios({
  addresses,
  value,
  onChange,
  label,
  testId = 'address-option',
}: {
  addresses: AddressItem[];
  value: number | null;
  onChange: (id: number) => void;
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group value={value ? String(value) : null} onChange={(v) => onChange(Number(v))} aria-label={label}>
      <Stack gap={6}>
        {addresses.map((a) => (
          <Radio
            key={a.id}
            value={String(a.id)}
            label={a.label || a.city}
            description={addressText(t, a)}
            data-testid={testId}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** Card or wallet, each with its icon. */
export function PaymentMethodControl({
  value,
  onChange,
  labelledBy,
}: {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  labelledBy: string;
}) {
  const { t } = useTranslation();
  const option = (method: PaymentMethod, Icon: typeof IconWallet) => ({
    value: method,
    label: (
      <Group gap={6} justify="center" wrap="nowrap">
        <Icon size={16} aria-hidden />
        {t(`orders.ui_method_${method}`)}
      </Group>
    ),
  });
  return (
    <SegmentedControl
      fullWidth
      value={value}
      onChange={(v) => onChange(v as PaymentMethod)}
      aria-labelledby={labelledBy}
      data={[option('electronic', IconCreditCard), option('wallet', IconWallet)]}
      data-testid="payment-method"
    />
  );
}
