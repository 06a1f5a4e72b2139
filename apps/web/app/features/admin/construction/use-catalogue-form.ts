/**
 * What the construction catalogue's forms share: checked with the API's schema, then sent from the
 * browser as multipart with the chosen picture (its upload progress) to the resource's create or
 * edit route; the list read again and the drawer closed once saved. A kind whose picture is
 * required says so for a new row before anything is sent.
 */
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { uploadAdminForm } from '../../../lib/api.client.ts';
import { schemaValidate } from '../../../lib/forms.ts';
import { useImageForm } from '../use-image-form.ts';
import { multipartOf } from './values.ts';

type Resource = '/api/admin/construction/design-types' | '/api/admin/construction/colours';

export function useCatalogueForm<V extends Record<string, unknown>>({
  resource,
  item,
  initialValues,
  schema,
  fields,
  pictureRequired = false,
  onDone,
  onSaved,
}: {
  resource: Resource;
  item: { id: number } | null;
  initialValues: V;
  schema: z.ZodType;
  /** The values as the API's fields (strings, as a form sends them). */
  fields: (values: V) => Record<string, string>;
  pictureRequired?: boolean;
  onDone: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const check = schemaValidate(schema, 'ar');
  const form = useForm<V>({ mode: 'controlled', initialValues, validate: (v) => check(fields(v)) });
  const { file, busy, send, imageField } = useImageForm(form);
  const submit = form.onSubmit((values) => {
    if (pictureRequired && !item && !file) return imageField.onFile(null, t('construction-admin.picture_required'));
    const body = multipartOf(fields(values), file);
    const edit = `${resource}/{id}` as '/api/admin/construction/colours/{id}';
    return send(
      (onProgress) =>
        item
          ? uploadAdminForm(edit, body, onProgress, { id: item.id })
          : uploadAdminForm(resource as '/api/admin/construction/colours', body, onProgress),
      () => {
        onSaved();
        onDone();
      },
    );
  });
  return { form, busy, imageField, submit };
}
