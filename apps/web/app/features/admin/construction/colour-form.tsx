/**
 * A finish colour of the pool designer (in a drawer): both names, the colour code typed or picked
 * (a swatch beside it), the extra price per m² in riyals, an optional picture of the finish, sort
 * and "shown to customers". Sent as multipart from the browser; checked with the API's schema first.
 */
import { ColorInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { colourBody, type AdminColour } from '@pool/contracts/construction-admin';
import { ImageField } from '../image-field.tsx';
import type { CatalogueFormProps } from './catalogue-screen.tsx';
import { CatalogueFormEnd, CatalogueNames } from './form-end.tsx';
import { useCatalogueForm } from './use-catalogue-form.ts';
import { colourFields, colourValues, type ColourValues } from './values.ts';

export function ColourForm({ item, onDone, onSaved }: CatalogueFormProps<AdminColour>) {
  const { t } = useTranslation();
  const { form, busy, imageField, submit } = useCatalogueForm<ColourValues>({
    resource: '/api/admin/construction/colours',
    item,
    initialValues: colourValues(item),
    schema: colourBody,
    fields: colourFields,
    onDone,
    onSaved,
  });

  return (
    <form onSubmit={submit} noValidate data-testid="colour-form">
      <Stack gap="md">
        <CatalogueNames form={form} busy={busy} testId="colour" />
        <ColorInput
          label={t('construction-admin.hex')}
          description={t('construction-admin.hex_hint')}
          withAsterisk
          format="hex"
          // A code typed wrong stays, with its message, rather than reverting on blur.
          fixOnBlur={false}
          maxLength={7}
          dir="ltr"
          disabled={busy}
          eyeDropperButtonProps={{ 'aria-label': t('construction-admin.hex_pick') }}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('hex')}
          data-testid="colour-hex"
        />
        <TextInput
          label={t('construction-admin.extra_sar')}
          description={t('construction-admin.extra_hint')}
          inputMode="decimal"
          dir="ltr"
          maxLength={14}
          disabled={busy}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('extra_sar')}
          data-testid="colour-extra"
        />
        <ImageField
          id="colour-image"
          label={t('construction-admin.colour_picture')}
          current={item?.image ?? null}
          {...imageField}
        />
        <CatalogueFormEnd form={form} busy={busy} onDone={onDone} testId="colour" />
      </Stack>
    </form>
  );
}
