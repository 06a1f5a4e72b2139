/** A price typed in riyals before VAT (any keyboard's digits), with the VAT-inclusive price shown as it is typed. */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toHalalas, vatOf } from '@pool/contracts/core';
import { formatMoney, formatPercent } from '../../lib/format.ts';
import { typedSar } from '../../lib/typed-money.ts';

export { typedSar };

/** `value` is the text typed; `vatRate` the current rate in percent. */
export function SarPriceInput({ value, vatRate, ...props }: TextInputProps & { value: string; vatRate: number }) {
  const { t } = useTranslation();
  const halalas = toHalalas(typedSar(value));
  return (
    <TextInput
      withAsterisk
      inputMode="decimal"
      dir="ltr"
      maxLength={14}
      description={
        Number.isNaN(halalas)
          ? t('catalogue.ui_si_price_vat_wait')
          : t('catalogue.ui_si_price_vat_live', {
              rate: formatPercent('ar', vatRate),
              price: formatMoney('ar', halalas + vatOf(halalas, Math.round(vatRate * 100))),
            })
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      value={value}
      {...props}
    />
  );
}
