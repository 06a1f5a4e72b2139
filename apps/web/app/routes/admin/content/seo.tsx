/** `/admin/seo`: one SEO entry per site page; view and edit only (entries are neither added nor deleted). */
import { useState } from 'react';
import { Code, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { seoBody } from '@pool/contracts/cms';
import type { Route } from './+types/seo';
import { EditButton, FormActions } from '../../../features/admin/edit-actions.tsx';
import { adminApi, answerOf, readWithUrl } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { DataTable } from '../../../features/admin/data-table.tsx';
import { FormField, SearchBox } from '../../../features/admin/content-fields.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { may, type Field } from '../../../features/admin/resources.ts';
import { useAdmin } from '../../../features/admin/use-admin.ts';
import type { PathBody } from '../../../lib/api.ts';
import type { Answer } from '../../../lib/envelope.ts';
import { answerFieldErrors, schemaValidate } from '../../../lib/forms.ts';

type Seo = {
  id: number;
  key: string;
  meta_title_ar: string;
  meta_title_en: string;
  meta_description_ar: string;
  meta_description_en: string;
  meta_keywords_ar: string;
  meta_keywords_en: string;
};

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.group_seo');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  return readWithUrl(api, '/api/admin/seo', request, ['q', 'page']);
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  // The form's values as the page sent them; the API validates them.
  const body = (await request.json()) as { id: number; values: PathBody<'post', '/api/admin/seo/{id}'> };
  return answerOf(
    await api.POST('/api/admin/seo/{id}', { params: { path: { id: Number(body.id) } }, body: body.values }),
  );
}

const FIELDS: Field[] = [
  { name: 'meta_title', type: 'text', label: 'cms.ui_seo_meta_title', pair: true, required: true },
  { name: 'meta_description', type: 'textarea', label: 'cms.ui_seo_meta_description', pair: true, required: true },
  {
    name: 'meta_keywords',
    type: 'textarea',
    label: 'cms.ui_seo_meta_keywords',
    pair: true,
    hint: 'cms.ui_seo_keywords_hint',
  },
];

function SeoForm({ entry, onDone }: { entry: Seo; onDone: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer<Seo>>();
  const { id, key, ...values } = entry;
  const form = useForm<Record<string, unknown>>({
    mode: 'uncontrolled',
    initialValues: values,
    validate: schemaValidate(seoBody, 'ar'),
  });
  useAnswerEffect(fetcher.data, { onSuccess: onDone, onError: (a) => form.setErrors(answerFieldErrors(a)) });
  return (
    <form
      noValidate
      data-testid="seo-form"
      onSubmit={form.onSubmit(
        (v) => void fetcher.submit({ id, values: v } as never, { method: 'post', encType: 'application/json' }),
      )}
    >
      <Stack gap="md">
        <Text fz="sm">
          {t('cms.ui_seo_key')}: <Code dir="ltr">{key}</Code>
        </Text>
        {FIELDS.map((field) => (
          <FormField key={field.name} field={field} form={form} />
        ))}
        <FormActions onCancel={onDone} busy={fetcher.state !== 'idle'} saveTestId="seo-save" />
      </Stack>
    </form>
  );
}

export default function SeoScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const canEdit = may(useAdmin(), 'seo.edit');
  const [editing, setEditing] = useState<Seo | null>(null);
  const screen = t('admin.group_seo');
  return (
    <AdminPage title={screen} description={t('cms.ui_about_seo')}>
      <SearchBox label={t('cms.ui_search_in', { screen })} />
      <DataTable
        rows={loaderData.data}
        pagination={loaderData.pagination}
        caption={screen}
        testId="seo-table"
        columns={[
          { key: 'key', label: t('cms.ui_seo_key'), render: (s) => <Code dir="ltr">{s.key}</Code> },
          { key: 'title_ar', label: t('cms.ui_field_title_ar'), render: (s) => s.meta_title_ar },
          {
            key: 'title_en',
            label: t('cms.ui_field_title_en'),
            render: (s) => <bdi dir="ltr">{s.meta_title_en}</bdi>,
          },
          {
            key: 'actions',
            label: t('cms.ui_actions'),
            render: (s) => (canEdit ? <EditButton name={s.key} onClick={() => setEditing(s)} /> : null),
          },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('cms.ui_edit_title', { screen })}
        size="xl"
        centered
      >
        {editing ? <SeoForm key={editing.id} entry={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </AdminPage>
  );
}
