/**
 * `/admin/content/:resource`: one list + form screen for every simple content
 * table (features/admin/resources.ts). Image resources send their form from
 * the browser as multipart (progress bar); the others go through the action.
 */
import { useState } from 'react';
import { Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowRight, IconArrowsSort, IconPlus, IconSitemap, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { data, Link, useFetcher, useRevalidator } from 'react-router';
import { V, type Pagination } from '@pool/contracts/core';
import { translate } from '../../../features/admin/texts.ts';
import type { Route } from './+types/resource';
import { EditButton, FormActions } from '../../../features/admin/edit-actions.tsx';
import { adminApi, answerOf, must, queryOf } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAdminAnswer, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { ConfirmAction } from '../../../features/admin/confirm-action.tsx';
import { DataTable, useListParams, type Column } from '../../../features/admin/data-table.tsx';
import { FormField, ImageField, SearchBox } from '../../../features/admin/content-fields.tsx';
import { BannerOrder } from '../../../features/admin/content-reorder.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { may, resourceConfig, type ResourceConfig } from '../../../features/admin/resources.ts';
import { useAdmin } from '../../../features/admin/use-admin.ts';
import { RouteErrorPage } from '../../../components/error-page.tsx';
import { uploadAdminForm } from '../../../lib/api.client.ts';
import type { Answer } from '../../../lib/envelope.ts';
import { answerFieldErrors, schemaValidate } from '../../../lib/forms.ts';

export type Row = { id: number } & Record<string, unknown>;

/** A resource's API paths: its list (and create), and one item (read, save, delete). */
const pathsOf = (config: ResourceConfig) =>
  ({ list: `/api/admin/${config.path}`, item: `/api/admin/${config.path}/{id}` }) as const;

export const meta: Route.MetaFunction = (args) => {
  const config = resourceConfig(args.params.resource);
  return adminMeta(args, config ? `admin.group_${config.group}` : 'common.page_not_found_title');
};

const configOr404 = (name: string) => {
  const config = resourceConfig(name);
  if (!config) throw data(null, { status: 404 });
  return config;
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const config = configOr404(params.resource);
  const api = await adminApi(context, request);
  // Nested rows (sub-categories): the children of `?parent_id=`, or the main rows.
  const parentId = config.nested ? Number(queryOf(request, [config.nested.param])[config.nested.param] ?? 0) || 0 : 0;
  const scope = config.nested ? { [config.nested.param]: String(parentId) } : {};
  const { list: listPath, item } = pathsOf(config);
  const [list, parent] = await Promise.all([
    api
      .GET(listPath, { params: { query: { ...queryOf(request, ['q', 'page']), ...scope } } })
      .then((res) => must<{ data: Row[]; pagination: Pagination }>(res)),
    parentId ? api.GET(item, { params: { path: { id: parentId } } }).then((res) => must<Row>(res)) : null,
  ]);
  return { resource: params.resource, list, parent };
}

type Intent =
  | { intent: 'save'; id?: number; values: Record<string, unknown> }
  | { intent: 'delete'; id: number }
  | { intent: 'reorder'; ids: number[] };

export async function action({ params, request, context }: Route.ActionArgs) {
  const config = configOr404(params.resource);
  const api = await adminApi(context, request);
  const body = (await request.json()) as Intent;
  const { list, item } = pathsOf(config);
  const one = (id: unknown) => ({ path: { id: Number(id) } });
  switch (body.intent) {
    case 'delete':
      return answerOf<unknown>(await api.DELETE(item, { params: one(body.id) }));
    case 'reorder':
      // Banners are the one resource in an order of their own.
      if (config.path !== 'banners') return { msg: '', key: 'notFound', data: null, status: 404 };
      return answerOf(await api.POST('/api/admin/banners/reorder', { body: { ids: body.ids } }));
    default:
      return answerOf<unknown>(
        body.id
          ? await api.POST(item, { params: one(body.id), body: body.values })
          : await api.POST(list, { body: body.values }),
      );
  }
}

export function ErrorBoundary() {
  return <RouteErrorPage />;
}

function Cell({
  row,
  column,
  config,
}: {
  row: Row;
  column: ResourceConfig['columns'][number];
  config: ResourceConfig;
}) {
  const { t } = useTranslation();
  const value = row[column.name];
  if (column.labels && value != null) return <Text span>{t(`${column.labels}${String(value)}`)}</Text>;
  switch (column.kind) {
    case 'image':
      return value ? (
        <Image src={String(value)} alt={String(row[config.title] ?? '')} w={72} h={44} radius="sm" fit="cover" />
      ) : (
        <Text c="dimmed">—</Text>
      );
    case 'bool':
      return (
        <Text span fw={600} c={value ? 'teal.9' : 'dark.4'}>
          {value ? t('cms.ui_yes') : t('cms.ui_no')}
        </Text>
      );
    case 'code':
      return <Text dir="ltr" span>{`+${String(value)}`}</Text>;
    case 'ltr':
      return (
        <Text span lineClamp={1} style={{ wordBreak: 'break-all' }}>
          <bdi dir="ltr">{value == null || value === '' ? '—' : String(value)}</bdi>
        </Text>
      );
    default:
      return (
        <Text span lineClamp={2}>
          {value == null || value === '' ? '—' : String(value)}
        </Text>
      );
  }
}

/** The form's starting values: the item's fields, or the defaults of a new one. */
function initialValues(config: ResourceConfig, item: Row | null) {
  const values: Record<string, unknown> = { ...config.defaults };
  if (item) for (const name of Object.keys(values)) values[name] = item[name] ?? '';
  return values;
}

/** Form values as multipart text; empty optional values are left out. */
function toFormData(values: Record<string, unknown>, file: File | null) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === '' || value === null || value === undefined) continue;
    form.append(name, String(value));
  }
  if (file) form.append('image', file);
  return form;
}

function ResourceForm({
  config,
  item,
  onDone,
  extra = {},
}: {
  config: ResourceConfig;
  item: Row | null;
  onDone: () => void;
  /** Values sent besides the fields (the parent of a nested row). */
  extra?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer<Row>>();
  const handle = useAdminAnswer();
  const revalidator = useRevalidator();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<Record<string, unknown>>({
    mode: 'uncontrolled',
    initialValues: initialValues(config, item),
    validate: schemaValidate(config.schema, 'ar'),
  });
  const imageRequired = !!config.image?.required && !item;

  const onAnswer = (answer: Answer<unknown>) =>
    handle(answer, {
      onSuccess: () => {
        void revalidator.revalidate();
        onDone();
      },
      onError: (a) => form.setErrors(answerFieldErrors(a)),
    });
  useAnswerEffect(fetcher.data, {
    onSuccess: onDone,
    onError: (a) => form.setErrors(answerFieldErrors(a)),
  });

  const submit = async (fields: Record<string, unknown>) => {
    const values = { ...fields, ...extra };
    if (!config.image) {
      await fetcher.submit({ intent: 'save', id: item?.id, values } as never, {
        method: 'post',
        encType: 'application/json',
      });
      return;
    }
    if (imageRequired && !file) {
      form.setFieldError('image', translate('ar', V.required));
      return;
    }
    setProgress(0);
    try {
      const { list, item: one } = pathsOf(config);
      const body = toFormData(values, file);
      onAnswer(
        item
          ? await uploadAdminForm(one, body, setProgress, { id: item.id })
          : await uploadAdminForm(list, body, setProgress),
      );
    } catch {
      handle({ key: 'fail', msg: t('cms.ui_upload_failed'), data: null, status: 0 });
    } finally {
      setProgress(null);
    }
  };

  const busy = fetcher.state !== 'idle' || progress !== null;
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate data-testid="content-form">
      <Stack gap="md">
        {config.fields.map((field) => (
          <FormField key={field.name} field={field} form={form} />
        ))}
        {config.image ? (
          <ImageField
            label={t(config.image.label)}
            name="image"
            current={item ? (item[config.image.column] as string | null) : null}
            file={file}
            onFile={(f) => {
              setFile(f);
              form.clearFieldError('image');
            }}
            progress={progress}
            error={form.errors.image}
            required={imageRequired}
          />
        ) : null}
        <FormActions onCancel={onDone} busy={busy} lockCancel saveTestId="content-save" mt="sm" />
      </Stack>
    </form>
  );
}

export default function ResourceScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const admin = useAdmin();
  const list = useListParams();
  const config = resourceConfig(loaderData.resource)!;
  const { data: rows, pagination } = loaderData.list;
  const parent = loaderData.parent;
  const nested = config.nested;
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [ordering, setOrdering] = useState(false);
  const fetcher = useFetcher<Answer<unknown>>();
  useAnswerEffect(fetcher.data, { onSuccess: () => setOrdering(false) });

  const screen =
    nested && parent ? t(nested.parentTitle, { name: String(parent[config.title]) }) : t(`admin.group_${config.group}`);
  const canEdit = may(admin, `${config.group}.edit`);
  const canDelete = may(admin, `${config.group}.delete`);
  const name = (row: Row) => String(row[config.title] || row.id);

  const columns: Column<Row>[] = config.columns.map((c) => ({
    key: c.name,
    label: t(c.label),
    render: (row) => <Cell row={row} column={c} config={config} />,
  }));
  if (nested && !parent) {
    columns.push({
      key: 'children',
      label: t(nested.childrenLabel),
      render: (row) => (
        <Button
          component={Link}
          to={`?${nested.param}=${row.id}`}
          size="xs"
          variant="subtle"
          leftSection={<IconSitemap size={14} aria-hidden />}
          aria-label={t('common.label_of', { label: t(nested.childrenLabel), name: name(row) })}
          data-testid="content-children"
        >
          {t(nested.childrenLabel)}
        </Button>
      ),
    });
  }
  if (canEdit || canDelete) {
    columns.push({
      key: 'actions',
      label: t('cms.ui_actions'),
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          {canEdit ? <EditButton name={name(row)} onClick={() => setEditing(row)} testId="content-edit" /> : null}
          {canDelete ? (
            <ConfirmAction
              label={t('cms.ui_delete')}
              question={t('cms.ui_delete_question', { name: name(row) })}
              icon={<IconTrash size={14} aria-hidden />}
              loading={fetcher.state !== 'idle'}
              onConfirm={() =>
                void fetcher.submit({ intent: 'delete', id: row.id }, { method: 'post', encType: 'application/json' })
              }
              testId="content-delete"
            />
          ) : null}
        </Group>
      ),
    });
  }

  // The order can be changed from the first page of the unfiltered list: those rows come first.
  const canReorder = config.reorder && canEdit && !list.get('q') && pagination.current_page === 1 && rows.length > 1;

  return (
    <AdminPage
      title={screen}
      description={t(config.about ?? `cms.ui_about_${config.group}`)}
      actions={
        <>
          {nested && parent ? (
            <Button component={Link} to="?" variant="default" leftSection={<IconArrowRight size={18} aria-hidden />}>
              {t(nested.backLabel)}
            </Button>
          ) : null}
          {canReorder ? (
            <Button
              variant="light"
              leftSection={<IconArrowsSort size={18} aria-hidden />}
              onClick={() => setOrdering(true)}
              data-testid="content-reorder"
            >
              {t('cms.ui_reorder')}
            </Button>
          ) : null}
          {may(admin, `${config.group}.create`) ? (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setEditing('new')}
              data-testid="content-add"
            >
              {t('cms.ui_add')}
            </Button>
          ) : null}
        </>
      }
    >
      <SearchBox label={t('cms.ui_search_in', { screen })} />
      <DataTable rows={rows} columns={columns} pagination={pagination} caption={screen} testId="content-table" />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('cms.ui_new_title', { screen }) : t('cms.ui_edit_title', { screen })}
        size="xl"
        centered
      >
        {editing !== null ? (
          <ResourceForm
            key={editing === 'new' ? 'new' : editing.id}
            config={config}
            item={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
            extra={nested && parent ? { [nested.param]: parent.id } : {}}
          />
        ) : null}
      </Modal>
      {config.reorder ? (
        <Modal opened={ordering} onClose={() => setOrdering(false)} title={t('cms.ui_reorder')} size="lg" centered>
          {ordering ? (
            <BannerOrder
              rows={rows}
              name={name}
              saving={fetcher.state !== 'idle'}
              onCancel={() => setOrdering(false)}
              onSave={(ids) =>
                void fetcher.submit({ intent: 'reorder', ids }, { method: 'post', encType: 'application/json' })
              }
            />
          ) : null}
        </Modal>
      ) : null}
    </AdminPage>
  );
}
