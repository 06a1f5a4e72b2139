/** The end of a construction catalogue form: sort, "shown to customers", cancel and save. */
import { NumberInput, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../edit-actions.tsx';

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
