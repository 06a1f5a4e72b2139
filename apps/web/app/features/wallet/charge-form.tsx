import { useState } from 'react';
import { Button, Chip, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { toLatinDigits } from '@pool/contracts/core';
import { chargeAmountError, chargeBody, WALLET_CHARGE_MAX_SAR, WALLET_CHARGE_MIN_SAR } from '@pool/contracts/wallet';
import { translate } from '../../lib/i18n.ts';
import { useAnswerHandler, type Answer } from '../../lib/envelope.ts';
import { formatMoney } from '../../lib/format.ts';
import { answerFieldErrors, schemaValidate } from '../../lib/forms.ts';
import { useLang } from '../../lib/use-lang.ts';
import { PayMarks } from '../cart/index.ts';
import { wholeRiyals } from './money.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';

const QUICK = [50, 100, 200, 500];
/**
 * Charge by card: whole riyals (Arabic-Indic digits are turned into 0-9 as
 * typed), checked with the API's rules; the action answers with a redirect to
 * the payment page. One Idempotency-Key per attempt, so a double submit
 * starts one payment.
 */
export function ChargeForm() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const handle = useAnswerHandler();
  const fetcher = useFetcher<{ answer: Answer }>();
  const [key, setKey] = useState(newIdempotencyKey);
  const form = useForm({
    mode: 'controlled',
    initialValues: { amount: '' },
    validate: (values) => {
      const shape = schemaValidate(chargeBody, lang)(values);
      if (shape.amount) return shape;
      const range = chargeAmountError(Number(values.amount));
      return range ? { amount: translate(lang, range.key, range.params) } : {};
    },
    validateInputOnBlur: true,
  });

  useChangeEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    handle(fetcher.data.answer, { onError: (answer) => form.setErrors(answerFieldErrors(answer)) });
    setKey(newIdempotencyKey());
  }, [fetcher.state, fetcher.data]);

  const busy = fetcher.state !== 'idle';
  const amount = Number(form.values.amount);
  const valid = form.values.amount !== '' && !chargeAmountError(amount);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="charge-title">
      <fetcher.Form
        method="post"
        noValidate
        onSubmit={form.onSubmit((values) => fetcher.submit({ ...values, idempotency_key: key }, { method: 'post' }))}
        data-testid="wallet-charge-form"
      >
        <input type="hidden" name="idempotency_key" value={key} />
        <Stack gap="md">
          <Title order={2} fz="h4" id="charge-title">
            {t('wallet.charge_title')}
          </Title>
          <TextInput
            label={t('wallet.amount_label')}
            description={t('wallet.amount_hint', { min: WALLET_CHARGE_MIN_SAR, max: WALLET_CHARGE_MAX_SAR })}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            required
            size="md"
            rightSection={
              <Text fz="sm" c="dimmed" aria-hidden>
                {t('wallet.currency_short')}
              </Text>
            }
            rightSectionWidth={48}
            styles={{ input: { direction: 'ltr', textAlign: lang === 'ar' ? 'right' : 'left', fontWeight: 700 } }}
            {...form.getInputProps('amount')}
            onChange={(e) => form.setFieldValue('amount', toLatinDigits(e.currentTarget.value).replace(/\s+/g, ''))}
            name="amount"
            disabled={busy}
            data-testid="wallet-amount"
          />
          <Stack gap={6}>
            <Text fz="sm" fw={600} id="quick-amounts">
              {t('wallet.quick_amounts')}
            </Text>
            <Group gap="xs" role="group" aria-labelledby="quick-amounts">
              {QUICK.map((sar) => (
                <Chip
                  key={sar}
                  checked={form.values.amount === String(sar)}
                  onChange={() => form.setFieldValue('amount', String(sar))}
                  variant="outline"
                  disabled={busy}
                >
                  <bdi>{wholeRiyals(lang, sar)}</bdi>
                </Chip>
              ))}
            </Group>
          </Stack>
          <PayMarks />
          <Button
            type="submit"
            size="md"
            loading={busy}
            leftSection={<IconCreditCard size={18} aria-hidden />}
            data-testid="wallet-charge-submit"
          >
            {valid
              ? t('wallet.charge_button', { amount: formatMoney(lang, amount * 100) })
              : t('wallet.charge_button_empty')}
          </Button>
          {busy && (
            <Text fz="sm" c="dimmed" aria-live="polite">
              {t('wallet.redirecting')}
            </Text>
          )}
        </Stack>
      </fetcher.Form>
    </Paper>
  );
}
