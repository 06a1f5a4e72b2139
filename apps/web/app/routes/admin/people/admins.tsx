import { useState } from 'react';
import {
  Avatar,
  Badge,
  Button,
  Drawer,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock, IconLockOpen, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useRevalidator } from 'react-router';
import type { Country } from '@pool/contracts/account';
import { DEFAULT_COUNTRY_CODE } from '@pool/contracts/core';
import { adminCreateBody, adminEditBody, type AdminItem } from '@pool/contracts/people';
import type { Route } from './+types/admins';
import { uploadAdminForm } from '../../../lib/api.client.ts';
import type { Answer } from '../../../lib/envelope.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { schemaValidate } from '../../../lib/forms.ts';
import { EditButton, FormActions } from '../../../features/admin/edit-actions.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { adminApi, answerOf, listOrEmpty, readWithUrl } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { ConfirmAction } from '../../../features/admin/confirm-action.tsx';
import { DataTable, useListParams, type Column } from '../../../features/admin/data-table.tsx';
import { ImageField } from '../../../features/admin/image-field.tsx';
import { countryChoices, ltrPhone, useImageForm } from '../../../features/admin/use-image-form.ts';
import { useAdmin } from '../../../features/admin/use-admin.ts';
import { PhoneCell, StatusBadge, StatusFilter, SearchBox } from '../../../features/admin/list-filters.tsx';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.group_admins');

type Role = { id: number; name: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  const list = await readWithUrl(api, '/api/admin/admins', request, ['q', 'status', 'role_id', 'page']);
  // The role list needs `roles.view`; without it the filter and the select are empty.
  const roles = await api.GET('/api/admin/roles');
  return {
    list,
    roles: roles.status === 200 ? roles.data.map(({ id, name }): Role => ({ id, name })) : [],
    countries: await listOrEmpty(api.anonymous.GET('/api/user/countries')),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  const form = await request.formData();
  const id = Number(form.get('id'));
  const intent = String(form.get('intent'));
  const params = { path: { id } };
  if (intent === 'delete') return answerOf(await api.DELETE('/api/admin/admins/{id}', { params }));
  if (intent === 'unlock') return answerOf(await api.POST('/api/admin/admins/{id}/unlock', { params }));
  return answerOf(
    intent === 'block'
      ? await api.POST('/api/admin/admins/{id}/block', { params })
      : await api.POST('/api/admin/admins/{id}/unblock', { params }),
  );
}

type Values = {
  name: string;
  email: string;
  country_code: string;
  phone: string;
  password: string;
  role_id: string;
};

function AdminForm({
  admin,
  roles,
  countries,
  onDone,
}: {
  admin: AdminItem | null;
  roles: Role[];
  countries: Country[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const me = useAdmin();
  // Nobody changes their own role (the server refuses it too).
  const ownRole = admin?.id === me.id;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      name: admin?.name ?? '',
      email: admin?.email ?? '',
      country_code: admin?.country_code ?? DEFAULT_COUNTRY_CODE,
      phone: admin?.phone ?? '',
      password: '',
      role_id: admin?.role ? String(admin.role.id) : '',
    },
    validate: schemaValidate(admin ? adminEditBody : adminCreateBody, 'ar'),
    validateInputOnBlur: true,
  });

  const { file, busy, send, imageField } = useImageForm(form);

  const submit = form.onSubmit((values) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(values)) body.append(k, v.trim());
    if (file) body.append('image', file);
    return send(
      (onProgress) =>
        admin
          ? uploadAdminForm('/api/admin/admins/{id}', body, onProgress, { id: admin.id })
          : uploadAdminForm('/api/admin/admins', body, onProgress),
      onDone,
    );
  });

  return (
    <form onSubmit={submit} noValidate data-testid="admin-form">
      <Stack gap="md">
        <ImageField id="admin-image" label={t('admin.people_image')} current={admin?.image ?? null} {...imageField} />
        <TextInput
          label={t('admin.people_name')}
          withAsterisk
          maxLength={100}
          disabled={busy}
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('admin.email')}
          type="email"
          withAsterisk
          autoComplete="off"
          disabled={busy}
          {...ltrPhone}
          {...form.getInputProps('email')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label={t('admin.people_country_code')}
            data={countryChoices(countries)}
            allowDeselect={false}
            withAsterisk
            disabled={busy}
            {...form.getInputProps('country_code')}
          />
          <TextInput
            label={t('admin.people_phone')}
            withAsterisk
            inputMode="numeric"
            maxLength={15}
            disabled={busy}
            {...ltrPhone}
            {...form.getInputProps('phone')}
          />
        </SimpleGrid>
        <PasswordInput
          label={t('admin.password')}
          withAsterisk={!admin}
          description={admin ? t('admin.people_password_keep') : t('admin.people_password_hint')}
          autoComplete="new-password"
          disabled={busy}
          {...form.getInputProps('password')}
        />
        <Select
          label={t('admin.role')}
          placeholder={t('admin.people_choose_role')}
          data={roles.map((r) => ({ value: String(r.id), label: r.name }))}
          withAsterisk
          disabled={busy || Boolean(admin?.is_super) || ownRole}
          description={ownRole ? t('admin.people_own_role') : undefined}
          nothingFoundMessage={t('common.no_data')}
          {...form.getInputProps('role_id')}
          data-testid="admin-form-role"
        />
        <FormActions onCancel={onDone} busy={busy} lockCancel saveTestId="admin-form-submit" />
      </Stack>
    </form>
  );
}

export default function AdminsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const me = useAdmin();
  const { list, roles, countries } = loaderData;
  const params = useListParams();
  const fetcher = useFetcher<Answer<unknown>>();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<AdminItem | 'new' | null>(null);
  useAnswerEffect(fetcher.data);

  const may = (p: string) => me.is_super || me.permissions.includes(p);
  const act = (intent: string, id: number) => void fetcher.submit({ intent, id }, { method: 'post' });
  const busyId = fetcher.state !== 'idle' ? Number(fetcher.formData?.get('id')) : null;

  const columns: Column<AdminItem>[] = [
    {
      key: 'name',
      label: t('admin.people_name'),
      render: (a) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={a.image} alt="" radius="xl" size={36} color="cyan" name={a.name} />
          <Stack gap={0}>
            <Text fw={600} fz="sm">
              {a.name}
            </Text>
            <Text fz="xs" c="dimmed" dir="ltr" ta="right">
              {a.email}
            </Text>
          </Stack>
        </Group>
      ),
    },
    {
      key: 'phone',
      label: t('admin.people_phone'),
      render: (a) => (a.phone ? <PhoneCell countryCode={a.country_code} phone={a.phone} /> : '—'),
    },
    {
      key: 'role',
      label: t('admin.role'),
      render: (a) =>
        a.is_super ? (
          <Badge variant="light" color="cyan">
            {t('admin.people_super')}
          </Badge>
        ) : (
          (a.role?.name ?? t('admin.no_role'))
        ),
    },
    {
      key: 'status',
      label: t('admin.people_status'),
      render: (a) => (
        <Stack gap={4} align="flex-start">
          <StatusBadge blocked={a.is_blocked} />
          {a.locked_until ? (
            <Badge variant="light" color="orange" data-testid="admin-locked">
              {t('admin.people_locked_until', { time: formatDateTime('ar', a.locked_until) })}
            </Badge>
          ) : null}
        </Stack>
      ),
    },
    { key: 'created', label: t('admin.people_created_at'), render: (a) => formatDate('ar', a.created_at) },
    {
      key: 'actions',
      label: t('admin.people_actions'),
      render: (a) => {
        const protectedRow = a.is_super || a.id === me.id;
        return (
          <Group gap={6} wrap="nowrap">
            {may('admins.edit') && (!a.is_super || a.id === me.id) ? (
              <EditButton name={a.name} onClick={() => setEditing(a)} />
            ) : null}
            {may('admins.block') && !protectedRow ? (
              <ConfirmAction
                label={a.is_blocked ? t('admin.people_unblock') : t('admin.people_block')}
                question={t(a.is_blocked ? 'admin.people_unblock_q' : 'admin.people_block_q', { name: a.name })}
                color={a.is_blocked ? 'teal' : 'orange'}
                icon={a.is_blocked ? <IconLockOpen size={14} aria-hidden /> : <IconLock size={14} aria-hidden />}
                loading={busyId === a.id}
                onConfirm={() => act(a.is_blocked ? 'unblock' : 'block', a.id)}
              />
            ) : null}
            {me.is_super && a.locked_until ? (
              <ConfirmAction
                label={t('admin.people_unlock')}
                question={t('admin.people_unlock_q', { name: a.name })}
                color="teal"
                icon={<IconLockOpen size={14} aria-hidden />}
                loading={busyId === a.id}
                onConfirm={() => act('unlock', a.id)}
              />
            ) : null}
            {may('admins.delete') && !protectedRow ? (
              <ConfirmAction
                label={t('common.delete')}
                question={t('admin.people_delete_admin_q', { name: a.name })}
                icon={<IconTrash size={14} aria-hidden />}
                loading={busyId === a.id}
                onConfirm={() => act('delete', a.id)}
              />
            ) : null}
          </Group>
        );
      },
    },
  ];

  return (
    <AdminPage
      title={t('admin.group_admins')}
      actions={
        may('admins.create') ? (
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing('new')}
            data-testid="admin-add"
          >
            {t('admin.people_add_admin')}
          </Button>
        ) : null
      }
    >
      <Group gap="sm" align="flex-end">
        <SearchBox label={t('admin.people_search_admins')} />
        <StatusFilter />
        <Select
          label={t('admin.role')}
          placeholder={t('admin.people_all')}
          data={roles.map((r) => ({ value: String(r.id), label: r.name }))}
          value={params.get('role_id') || null}
          onChange={(v) => params.set({ role_id: v })}
          clearable
          w={200}
        />
      </Group>
      <DataTable
        rows={list.data}
        columns={columns}
        pagination={list.pagination}
        caption={t('admin.group_admins')}
        testId="admins-table"
      />
      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="left"
        size="md"
        title={editing === 'new' ? t('admin.people_add_admin') : t('admin.people_edit_admin')}
      >
        {editing !== null ? (
          <AdminForm
            key={editing === 'new' ? 'new' : editing.id}
            admin={editing === 'new' ? null : editing}
            roles={roles}
            countries={countries}
            onDone={() => {
              setEditing(null);
              void revalidator.revalidate();
            }}
          />
        ) : null}
      </Drawer>
    </AdminPage>
  );
}
