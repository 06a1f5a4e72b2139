import { useState } from 'react';
import { Avatar, Button, Drawer, Group, Text } from '@mantine/core';
import { IconLock, IconLockOpen, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useRevalidator } from 'react-router';
import { STAFF_JOBS, type StaffItem } from '@pool/contracts/people';
import type { Route } from './+types/staff';
import type { Answer } from '../../../lib/envelope.ts';
import { formatNumber } from '../../../lib/format.ts';
import { EditButton } from '../../../features/admin/edit-actions.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { adminApi, answerOf, listOrEmpty, listWithCities } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { ConfirmAction } from '../../../features/admin/confirm-action.tsx';
import { DataTable, type Column } from '../../../features/admin/data-table.tsx';
import { useAdmin } from '../../../features/admin/use-admin.ts';
import {
  CityFilter,
  ParamSelect,
  PhoneCell,
  SearchBox,
  StatusBadge,
  StatusFilter,
} from '../../../features/admin/list-filters.tsx';
import { CityList, JobBadge, StaffRating } from '../../../features/admin/staff/cells.tsx';
import { StaffForm } from '../../../features/admin/staff/staff-form.tsx';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.group_staff');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  const [page, countries] = await Promise.all([
    listWithCities(api, request, '/api/admin/staff', ['q', 'job', 'city_id', 'status', 'page']),
    listOrEmpty(api.anonymous.GET('/api/user/countries')),
  ]);
  return { ...page, countries };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  const form = await request.formData();
  const id = Number(form.get('id'));
  const intent = String(form.get('intent'));
  const params = { path: { id } };
  if (intent === 'delete') return answerOf(await api.DELETE('/api/admin/staff/{id}', { params }));
  return answerOf(
    intent === 'block'
      ? await api.POST('/api/admin/staff/{id}/block', { params })
      : await api.POST('/api/admin/staff/{id}/unblock', { params }),
  );
}

export default function StaffPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const me = useAdmin();
  const { list, cities, countries } = loaderData;
  const fetcher = useFetcher<Answer<unknown>>();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<StaffItem | 'new' | null>(null);
  useAnswerEffect(fetcher.data);

  const may = (p: string) => me.is_super || me.permissions.includes(p);
  const act = (intent: string, id: number) => void fetcher.submit({ intent, id }, { method: 'post' });
  const busyId = fetcher.state !== 'idle' ? Number(fetcher.formData?.get('id')) : null;

  const columns: Column<StaffItem>[] = [
    {
      key: 'name',
      label: t('admin.people_name'),
      render: (s) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={s.image} alt="" radius="xl" size={36} color="cyan" name={s.name} />
          <Text fw={600} fz="sm">
            {s.name}
          </Text>
        </Group>
      ),
    },
    {
      key: 'phone',
      label: t('admin.people_phone'),
      render: (s) => <PhoneCell countryCode={s.country_code} phone={s.phone} />,
    },
    { key: 'job', label: t('staff.ui_job'), render: (s) => <JobBadge job={s.job} /> },
    { key: 'cities', label: t('staff.ui_cities'), render: (s) => <CityList cities={s.cities} /> },
    {
      key: 'rating',
      label: t('staff.ui_rating'),
      render: (s) => <StaffRating rating={s.rating} count={s.ratings_count} />,
    },
    { key: 'open', label: t('staff.ui_open_orders'), render: (s) => formatNumber('ar', s.open_orders) },
    { key: 'status', label: t('admin.people_status'), render: (s) => <StatusBadge blocked={s.is_blocked} /> },
    {
      key: 'actions',
      label: t('admin.people_actions'),
      render: (s) => (
        <Group gap={6} wrap="nowrap">
          {may('staff.edit') ? <EditButton name={s.name} onClick={() => setEditing(s)} testId="staff-edit" /> : null}
          {may('staff.block') ? (
            <ConfirmAction
              label={s.is_blocked ? t('admin.people_unblock') : t('admin.people_block')}
              question={t(s.is_blocked ? 'admin.people_unblock_q' : 'staff.ui_block_q', { name: s.name })}
              color={s.is_blocked ? 'teal' : 'orange'}
              icon={s.is_blocked ? <IconLockOpen size={14} aria-hidden /> : <IconLock size={14} aria-hidden />}
              loading={busyId === s.id}
              onConfirm={() => act(s.is_blocked ? 'unblock' : 'block', s.id)}
              testId={s.is_blocked ? 'staff-unblock' : 'staff-block'}
            />
          ) : null}
          {may('staff.delete') ? (
            <ConfirmAction
              label={t('common.delete')}
              question={t('staff.ui_delete_q', { name: s.name })}
              icon={<IconTrash size={14} aria-hidden />}
              loading={busyId === s.id}
              onConfirm={() => act('delete', s.id)}
              testId="staff-delete"
            />
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('admin.group_staff')}
      description={t('staff.ui_intro')}
      actions={
        may('staff.create') ? (
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing('new')}
            data-testid="staff-add"
          >
            {t('staff.ui_add')}
          </Button>
        ) : null
      }
    >
      <Group gap="sm" align="flex-end">
        <SearchBox label={t('staff.ui_search')} />
        <ParamSelect
          name="job"
          label={t('staff.ui_job')}
          data={STAFF_JOBS.map((j) => ({ value: j, label: t(`staff.ui_job_${j}`) }))}
          w={150}
          testId="staff-job-filter"
        />
        <CityFilter cities={cities} label={t('admin.people_city')} w={180} />
        <StatusFilter />
      </Group>
      <DataTable
        rows={list.data}
        columns={columns}
        pagination={list.pagination}
        caption={t('admin.group_staff')}
        testId="staff-table"
        compact
      />
      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="left"
        size="lg"
        title={editing === 'new' ? t('staff.ui_add') : t('staff.ui_edit')}
      >
        {editing !== null ? (
          <StaffForm
            key={editing === 'new' ? 'new' : editing.id}
            staff={editing === 'new' ? null : editing}
            cities={cities}
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
