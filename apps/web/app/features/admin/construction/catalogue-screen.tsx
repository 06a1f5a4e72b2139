/**
 * One screen for each list of the pool designer's catalogue (design types, colours): search, the
 * rows with the columns of the kind, the "shown to customers" switch (the row saved again with it
 * switched), edit and delete (asked first) per the admin's construction.* permissions, and add or
 * edit in a drawer with the kind's form. The page's action gets `{intent: 'toggle', id, body}` or
 * `{intent: 'delete', id}` (catalogue-action.server.ts).
 */
import { useState } from 'react';
import { Button, Drawer, Group, Switch } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useRevalidator } from 'react-router';
import type { Pagination } from '@pool/contracts/core';
import type { Answer } from '../../../lib/envelope.ts';
import { formatNumber } from '../../../lib/format.ts';
import { AdminPage, useAnswerEffect } from '../admin-page.tsx';
import { ConfirmAction } from '../confirm-action.tsx';
import { DataTable, type Column } from '../data-table.tsx';
import { EditButton } from '../edit-actions.tsx';
import { SearchBox } from '../list-filters.tsx';
import { useMay } from '../use-admin.ts';

type Row = { id: number; name_ar: string; is_active: boolean; sort: number };
type Sent = { intent: 'toggle' | 'delete'; id: number; body?: Record<string, string> };

/** The form of one row (null: a new one), closed by `onDone`, the list read again after `onSaved`. */
export type CatalogueFormProps<T> = { item: T | null; onDone: () => void; onSaved: () => void };
export type CatalogueForm<T> = (props: CatalogueFormProps<T>) => React.ReactNode;

export function CatalogueScreen<T extends Row>({
  texts,
  testId,
  list,
  columns,
  toggled,
  Form,
}: {
  /** i18n keys: the screen's title and description, add / edit titles, the delete question (`{{name}}`). */
  texts: { title: string; about: string; add: string; edit: string; deleteQ: string };
  /** `design-type` → `design-type-add`, `design-types-table`, `design-type-toggle`… */
  testId: string;
  list: { data: T[]; pagination: Pagination };
  /** The kind's own columns, before sort, shown and actions. */
  columns: Column<T>[];
  /** The row's fields with "shown" switched, as the edit route takes them. */
  toggled: (row: T, active: boolean) => Record<string, string>;
  Form: CatalogueForm<T>;
}) {
  const { t } = useTranslation();
  const may = useMay();
  const fetcher = useFetcher<Answer<unknown>>();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  useAnswerEffect(fetcher.data);
  const busy = fetcher.state !== 'idle' ? (fetcher.json as Sent | undefined) : undefined;
  const submit = (sent: Sent) => void fetcher.submit(sent, { method: 'post', encType: 'application/json' });

  const all: Column<T>[] = [
    ...columns,
    { key: 'sort', label: t('construction-admin.col_sort'), render: (r) => formatNumber('ar', r.sort) },
    {
      key: 'active',
      label: t('construction-admin.col_active'),
      render: (r) => (
        <Switch
          checked={busy?.id === r.id && busy.intent === 'toggle' ? busy.body?.is_active === 'true' : r.is_active}
          disabled={!may('construction.edit') || busy?.id === r.id}
          onChange={(e) => submit({ intent: 'toggle', id: r.id, body: toggled(r, e.currentTarget.checked) })}
          aria-label={t('construction-admin.toggle_label', { name: r.name_ar })}
          data-testid={`${testId}-toggle`}
          data-active={r.is_active}
        />
      ),
    },
    {
      key: 'actions',
      label: t('admin.people_actions'),
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          {may('construction.edit') ? (
            <EditButton name={r.name_ar} onClick={() => setEditing(r)} testId={`${testId}-edit`} />
          ) : null}
          {may('construction.delete') ? (
            <ConfirmAction
              label={t('common.delete')}
              question={t(texts.deleteQ, { name: r.name_ar })}
              icon={<IconTrash size={14} aria-hidden />}
              loading={busy?.id === r.id && busy.intent === 'delete'}
              onConfirm={() => submit({ intent: 'delete', id: r.id })}
              testId={`${testId}-delete`}
            />
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <AdminPage
      title={t(texts.title)}
      description={t(texts.about)}
      actions={
        may('construction.create') ? (
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing('new')}
            data-testid={`${testId}-add`}
          >
            {t(texts.add)}
          </Button>
        ) : null
      }
    >
      <Group gap="sm" align="flex-end">
        <SearchBox label={t('construction-admin.search')} />
      </Group>
      <DataTable
        rows={list.data}
        columns={all}
        pagination={list.pagination}
        caption={t(texts.title)}
        testId={`${testId}s-table`}
      />
      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="left"
        size="md"
        title={t(editing === 'new' ? texts.add : texts.edit)}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {editing !== null ? (
          <Form
            key={editing === 'new' ? 'new' : editing.id}
            item={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
            onSaved={() => void revalidator.revalidate()}
          />
        ) : null}
      </Drawer>
    </AdminPage>
  );
}
