/** The electronic methods' marks under the card choice (payMarks: mada first; Apple Pay only where the browser can pay). */
import { useEffect, useState } from 'react';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { browserCanApplePay, payMarks, type PayMark } from './pay-methods.ts';

/** Each scheme's own colour, dark enough for small text on white (4.5:1 and more). */
const COLOR: Record<PayMark, string> = {
  mada: '#1b5e20',
  visa: '#1a1f71',
  mastercard: '#b3261e',
  applepay: '#000000',
  stcpay: '#4f008c',
};

export function PayMarks() {
  const { t } = useTranslation();
  // Known only in the browser: the server's page (and the first render) leaves Apple Pay out.
  const [applePay, setApplePay] = useState(false);
  useEffect(() => setApplePay(browserCanApplePay()), []);
  return (
    <Group gap={6} role="list" aria-label={t('wallet.pay_marks_label')} data-testid="pay-marks">
      {payMarks(applePay).map((mark) => (
        <Badge key={mark} role="listitem" variant="outline" color={COLOR[mark]} radius="sm" tt="none" data-mark={mark}>
          {t(`wallet.pay_mark_${mark}`)}
        </Badge>
      ))}
    </Group>
  );
}
