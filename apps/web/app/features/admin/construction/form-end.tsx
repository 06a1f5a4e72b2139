/** The fields every construction catalogue form has: both names first; sort, "shown to customers", cancel and save last. */
import { NumberInput, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../edit-actions.tsx';

export function CatalogueNames<V extends { name_ar: string; name_en: string }>({
  form,
  busy,
  testId,
}: {
  form: UseFormReturnType<V>;
  busy: boolean;
  /** `colour` → `colour-name-ar`, `colour-name-en`. */
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('construction-admin.name_ar')}
        withAsterisk
        maxLength={100}
        disabled={busy}
        {...form.getInputProps('name_ar')}
        data-testid={`${testId}-name-ar`}
      />
      <TextInput
        label={t('construction-admin.name_en')}
        withAsterisk
        maxLength={100}
        dir="ltr"
        disabled={busy}
        {...form.getInputProps('name_en')}
        data-testid={`${testId}-name-en`}
      />
    </>
  );
}

export function CatalogueFormEnd<V extends { sort: number | string; is_active: boolean }>({
  form,
  busy,
  onDone,
  testId,
}: {
  form: UseFormReturnType<V>;
  busy: boolean;
  onDone: () => void;
  /** `colour` → `colour-sort`, `colour-active`, `colour-submit`. */
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <NumberInput
        label={t('construction-admin.sort')}
        description={t('construction-admin.sort_hint')}
        min={0}
        max={9999}
        allowDecimal={false}
        allowNegative={false}
        disabled={busy}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        {...form.getInputProps('sort')}
        data-testid={`${testId}-sort`}
      />
      <Switch
        label={t('construction-admin.active')}
        disabled={busy}
        {...form.getInputProps('is_active', { type: 'checkbox' })}
        data-testid={`${testId}-active`}
      />
      <FormActions onCancel={onDone} busy={busy} lockCancel saveTestId={`${testId}-submit`} />
    </>
  );
}
