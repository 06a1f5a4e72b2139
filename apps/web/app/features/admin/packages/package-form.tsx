/**
 * The dashboard's package form (in a drawer): both names and descriptions, the features as
 * lists in both languages (one a line), the price in riyals before VAT with the VAT-inclusive
 * price live, visits, validity in days, sort and the active switch. Sent as JSON: the API
 * validates everything and answers each field's error in Arabic.
 */
import { NumberInput, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { PACKAGE_FEATURES_MAX, PACKAGE_VALIDITY_MAX_DAYS, PACKAGE_VISITS_MAX } from '@pool/contracts/packages';
import type { AdminPackage } from '@pool/contracts/packages';
import type { Answer } from '../../../lib/envelope.ts';
import { answerFieldErrors } from '../../../lib/forms.ts';
import { useAnswerEffect } from '../admin-page.tsx';
import { FormActions } from '../edit-actions.tsx';
import { SarPriceInput, typedSar } from '../sar-price-input.tsx';

type Values = {
  name_ar: string;
  name_en: string;
  description_ar: string;
  description_en: string;
  features_ar: string;
  features_en: string;
  price_sar: string;
  visits: number | string;
  validity_days: number | string;
  sort: number | string;
  is_active: boolean;
};

/** The lines typed, blank ones left out. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** An error on one feature (`features_ar.2`) shows under its list. */
function fieldErrors(answer: { status: number; data: unknown }) {
  const errors: Record<string, string> = {};
  for (const [key, msg] of Object.entries(answerFieldErrors(answer))) errors[key.split('.')[0]!] ??= msg;
  return errors;
}

export function PackageForm({
  item,
  vatRate,
  onDone,
}: {
  item: AdminPackage | null;
  vatRate: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer<AdminPackage>>({ key: 'package-form' });
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      name_ar: item?.name_ar ?? '',
      name_en: item?.name_en ?? '',
      description_ar: item?.description_ar ?? '',
      description_en: item?.description_en ?? '',
      features_ar: item?.features_ar.join('\n') ?? '',
      features_en: item?.features_en.join('\n') ?? '',
      price_sar: item ? (item.price / 100).toFixed(2) : '',
      visits: item?.visits ?? '',
      validity_days: item?.validity_days ?? '',
      sort: item?.sort ?? 0,
      is_active: item?.is_active ?? true,
    },
  });
  useAnswerEffect(fetcher.data, { onSuccess: onDone, onError: (a) => form.setErrors(fieldErrors(a)) });
  const submit = form.onSubmit(
    (v) =>
      void fetcher.submit(
        {
          intent: 'save',
          id: item?.id ?? 0,
          body: {
            ...v,
            features_ar: linesOf(v.features_ar),
            features_en: linesOf(v.features_en),
            price_sar: typedSar(v.price_sar),
            visits: String(v.visits),
            validity_days: String(v.validity_days),
            sort: String(v.sort === '' ? 0 : v.sort),
          },
        },
        { method: 'post', encType: 'application/json' },
      ),
  );
  const hint = t('packages-admin.features_hint', { max: PACKAGE_FEATURES_MAX });
  return (
    <form onSubmit={submit} noValidate data-testid="package-form">
      <Stack gap="md">
        <TextInput
          label={t('packages-admin.name_ar')}
          withAsterisk
          maxLength={150}
          {...form.getInputProps('name_ar')}
          data-testid="package-name-ar"
        />
        <TextInput
          label={t('packages-admin.name_en')}
          withAsterisk
          maxLength={150}
          dir="ltr"
          {...form.getInputProps('name_en')}
          data-testid="package-name-en"
        />
        <Textarea
          label={t('packages-admin.description_ar')}
          autosize
          minRows={2}
          maxLength={2000}
          {...form.getInputProps('description_ar')}
          data-testid="package-description-ar"
        />
        <Textarea
          label={t('packages-admin.description_en')}
          autosize
          minRows={2}
          maxLength={2000}
          dir="ltr"
          {...form.getInputProps('description_en')}
          data-testid="package-description-en"
        />
        <Textarea
          label={t('packages-admin.features_ar')}
          description={hint}
          autosize
          minRows={3}
          {...form.getInputProps('features_ar')}
          data-testid="package-features-ar"
        />
        <Textarea
          label={t('packages-admin.features_en')}
          description={hint}
          autosize
          minRows={3}
          dir="ltr"
          {...form.getInputProps('features_en')}
          data-testid="package-features-en"
        />
        <SarPriceInput
          label={t('packages-admin.price_sar')}
          vatRate={vatRate}
          {...form.getInputProps('price_sar')}
          value={form.values.price_sar}
          data-testid="package-price"
        />
        <SimpleGrid cols={2}>
          <NumberInput
            label={t('packages-admin.visits')}
            withAsterisk
            min={1}
            max={PACKAGE_VISITS_MAX}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('visits')}
            data-testid="package-visits"
          />
          <NumberInput
            label={t('packages-admin.validity')}
            withAsterisk
            min={1}
            max={PACKAGE_VALIDITY_MAX_DAYS}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('validity_days')}
            data-testid="package-validity"
          />
        </SimpleGrid>
        <NumberInput
          label={t('packages-admin.sort')}
          description={t('packages-admin.sort_hint')}
          min={0}
          max={9999}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('sort')}
          data-testid="package-sort"
        />
        <Switch
          label={t('packages-admin.active')}
          {...form.getInputProps('is_active', { type: 'checkbox' })}
          data-testid="package-active"
        />
        <FormActions onCancel={onDone} busy={fetcher.state !== 'idle'} saveTestId="package-submit" />
      </Stack>
    </form>
  );
}
