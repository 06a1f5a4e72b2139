/**
 * A design type of the pool designer (in a drawer): shape, both names, the picture (required for
 * a new one), the price factor in percent, sort and "shown to customers". Sent as multipart from
 * the browser (the picture's upload progress); checked with the API's own schema first.
 */
import { NumberInput, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONSTRUCTION_SHAPES } from '@pool/contracts/construction';
import { DESIGN_FACTOR_LIMITS, designTypeBody, type AdminDesignType } from '@pool/contracts/construction-admin';
import { ImageField } from '../image-field.tsx';
import type { CatalogueFormProps } from './catalogue-screen.tsx';
import { CatalogueFormEnd, CatalogueNames } from './form-end.tsx';
import { useCatalogueForm } from './use-catalogue-form.ts';
import { designTypeFields, designTypeValues, type DesignTypeValues } from './values.ts';

export function DesignTypeForm({ item, onDone, onSaved }: CatalogueFormProps<AdminDesignType>) {
  const { t } = useTranslation();
  const { form, busy, imageField, submit } = useCatalogueForm<DesignTypeValues>({
    resource: '/api/admin/construction/design-types',
    item,
    initialValues: designTypeValues(item),
    schema: designTypeBody,
    fields: designTypeFields,
    pictureRequired: true,
    onDone,
    onSaved,
  });

  return (
    <form onSubmit={submit} noValidate data-testid="design-type-form">
      <Stack gap="md">
        <Select
          label={t('construction-admin.shape')}
          placeholder={t('construction-admin.shape_pick')}
          description={t('construction-admin.shape_hint')}
          data={CONSTRUCTION_SHAPES.map((s) => ({ value: s, label: t(`construction-admin.shape_${s}`) }))}
          withAsterisk
          allowDeselect={false}
          disabled={busy}
          {...form.getInputProps('shape')}
          data-testid="design-type-shape"
        />
        <CatalogueNames form={form} busy={busy} testId="design-type" />
        <ImageField
          id="design-type-image"
          label={t('construction-admin.picture')}
          current={item?.image ?? null}
          {...imageField}
        />
        <NumberInput
          label={t('construction-admin.factor')}
          description={t('construction-admin.factor_hint', DESIGN_FACTOR_LIMITS)}
          withAsterisk
          min={DESIGN_FACTOR_LIMITS.min}
          max={DESIGN_FACTOR_LIMITS.max}
          allowDecimal={false}
          allowNegative={false}
          disabled={busy}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('price_factor')}
          data-testid="design-type-factor"
        />
        <CatalogueFormEnd form={form} busy={busy} onDone={onDone} testId="design-type" />
      </Stack>
    </form>
  );
}
