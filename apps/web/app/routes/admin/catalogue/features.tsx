/**
 * `/admin/features`: product features (attributes such as size, power, colour)
 * with their options, edited together in one form (spec: features with options).
 */
import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { featureBody } from '@pool/contracts/catalogue';
import type { Route } from './+types/features';
import type { PathBody } from '../../../lib/api.ts';
import type { Answer } from '../../../lib/envelope.ts';
import { answerFieldErrors, schemaValidate } from '../../../lib/forms.ts';
import { EditButton, FormActions } from '../../../features/admin/edit-actions.tsx';
import { adminApi, answerOf, readWithUrl } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { ConfirmAction } from '../../../features/admin/confirm-action.tsx';
import { SearchBox } from '../../../features/admin/content-fields.tsx';
import { DataTable, type Column } from '../../../features/admin/data-table.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { may } from '../../../features/admin/resources.ts';
import { useAdmin } from '../../../features/admin/use-admin.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.group_features');

type Option = { id?: number; name_ar: string; name_en: string };
type Feature = { id: number; name_ar: string; name_en: string; options: (Option & { id: number })[] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  return readWithUrl(api, '/api/admin/features', request, ['q', 'page']);
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  // The form's values as the page sent them; the API validates them.
  const body = (await request.json()) as {
    intent: 'save' | 'delete';
    id?: number;
    values: PathBody<'post', '/api/admin/features'>;
  };
  const path = { id: Number(body.id) };
  if (body.intent === 'delete') return answerOf(await api.DELETE('/api/admin/features/{id}', { params: { path } }));
  return answerOf(
    body.id
      ? await api.POST('/api/admin/features/{id}', { params: { path }, body: body.values })
      : await api.POST('/api/admin/features', { body: body.values }),
  );
}

type Values = { name_ar: string; name_en: string; options: Option[] };

function FeatureForm({ feature, onDone }: { feature: Feature | null; onDone: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer<unknown>>();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      name_ar: feature?.name_ar ?? '',
      name_en: feature?.name_en ?? '',
      options: feature?.options.map(({ id, name_ar, name_en }) => ({ id, name_ar, name_en })) ?? [
        { name_ar: '', name_en: '' },
      ],
    },
    validate: schemaValidate(featureBody, 'ar'),
  });
  useAnswerEffect(fetcher.data, { onSuccess: onDone, onError: (a) => form.setErrors(answerFieldErrors(a)) });
  const busy = fetcher.state !== 'idle';
  return (
    <form
      noValidate
      data-testid="feature-form"
      onSubmit={form.onSubmit((values) =>
        fetcher.submit({ intent: 'save', id: feature?.id ?? null, values } as never, {
          method: 'post',
          encType: 'application/json',
        }),
      )}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('catalogue.ui_feature_name_ar')} withAsterisk {...form.getInputProps('name_ar')} />
          <TextInput
            label={t('catalogue.ui_feature_name_en')}
            withAsterisk
            dir="ltr"
            {...form.getInputProps('name_en')}
          />
        </SimpleGrid>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={700} id="options-heading">
                {t('catalogue.ui_options')}
              </Text>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => form.insertListItem('options', { name_ar: '', name_en: '' })}
                data-testid="option-add"
              >
                {t('catalogue.ui_option_add')}
              </Button>
            </Group>
            {form.errors.options ? (
              <Text c="red.8" fz="sm" role="alert">
                {form.errors.options}
              </Text>
            ) : null}
            {form.values.options.map((_, i) => (
              <Group key={i} align="flex-start" gap="sm" wrap="nowrap" data-testid="option-row">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('catalogue.ui_option_ar', { n: i + 1 })}
                  withAsterisk
                  {...form.getInputProps(`options.${i}.name_ar`)}
                />
                <TextInput
                  style={{ flex: 1 }}
                  label={t('catalogue.ui_option_en', { n: i + 1 })}
                  withAsterisk
                  dir="ltr"
                  {...form.getInputProps(`options.${i}.name_en`)}
                />
                <ActionIcon
                  mt={28}
                  variant="subtle"
                  color="red"
                  aria-label={t('catalogue.ui_option_remove', { n: i + 1 })}
                  onClick={() => form.removeListItem('options', i)}
                  disabled={form.values.options.length === 1}
                >
                  <IconX size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </Paper>
        <FormActions onCancel={onDone} busy={busy} lockCancel saveTestId="feature-save" />
      </Stack>
    </form>
  );
}

export default function FeaturesScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const admin = useAdmin();
  const fetcher = useFetcher<Answer<unknown>>();
  useAnswerEffect(fetcher.data);
  const [editing, setEditing] = useState<Feature | 'new' | null>(null);
  const screen = t('admin.group_features');
  const columns: Column<Feature>[] = [
    { key: 'name_ar', label: t('cms.ui_field_name_ar'), render: (f) => <Text fw={600}>{f.name_ar}</Text> },
    { key: 'name_en', label: t('cms.ui_field_name_en'), render: (f) => <bdi dir="ltr">{f.name_en}</bdi> },
    {
      key: 'options',
      label: t('catalogue.ui_options'),
      render: (f) => (
        <Group gap={6}>
          {f.options.map((o) => (
            <Badge key={o.id} variant="light" color="cyan" c="cyan.9" radius="sm">
              {o.name_ar}
            </Badge>
          ))}
        </Group>
      ),
    },
  ];
  if (may(admin, 'features.edit') || may(admin, 'features.delete'))
    columns.push({
      key: 'actions',
      label: t('cms.ui_actions'),
      render: (f) => (
        <Group gap="xs" wrap="nowrap">
          {may(admin, 'features.edit') ? <EditButton name={f.name_ar} onClick={() => setEditing(f)} /> : null}
          {may(admin, 'features.delete') ? (
            <ConfirmAction
              label={t('cms.ui_delete')}
              question={t('cms.ui_delete_question', { name: f.name_ar })}
              icon={<IconTrash size={14} aria-hidden />}
              loading={fetcher.state !== 'idle'}
              onConfirm={() =>
                void fetcher.submit({ intent: 'delete', id: f.id }, { method: 'post', encType: 'application/json' })
              }
            />
          ) : null}
        </Group>
      ),
    });
  return (
    <AdminPage
      title={screen}
      description={t('catalogue.ui_about_features')}
      actions={
        may(admin, 'features.create') ? (
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing('new')}
            data-testid="feature-add"
          >
            {t('cms.ui_add')}
          </Button>
        ) : null
      }
    >
      <SearchBox label={t('cms.ui_search_in', { screen })} />
      <DataTable rows={loaderData.data} columns={columns} pagination={loaderData.pagination} caption={screen} />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('cms.ui_new_title', { screen }) : t('cms.ui_edit_title', { screen })}
        size="xl"
        centered
      >
        {editing !== null ? (
          <FeatureForm
            key={editing === 'new' ? 'new' : editing.id}
            feature={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </AdminPage>
  );
}
