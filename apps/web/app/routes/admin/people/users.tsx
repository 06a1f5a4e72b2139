import { Anchor, Avatar, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Route } from './+types/users';
import { formatDate } from '../../../lib/format.ts';
import { adminMeta } from '../../../features/admin/meta.ts';
import { adminApi, listWithCities } from '../../../features/admin/admin-api.server.ts';
import { AdminPage } from '../../../features/admin/admin-page.tsx';
import { DataTable, type Column } from '../../../features/admin/data-table.tsx';
import { CityFilter, PhoneCell, SearchBox, StatusBadge, StatusFilter } from '../../../features/admin/list-filters.tsx';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.group_users');

type UserRow = {
  id: number;
  name: string;
  country_code: string;
  phone: string;
  email: string | null;
  image: string | null;
  city: { id: number; name: string } | null;
  is_active: boolean;
  is_blocked: boolean;
  created_at: string;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  return listWithCities(api, request, '/api/admin/users', ['q', 'status', 'city_id', 'page']);
}

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { list, cities } = loaderData;
  const columns: Column<UserRow>[] = [
    {
      key: 'name',
      label: t('admin.people_name'),
      render: (u) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={u.image} alt="" radius="xl" size={36} color="cyan" name={u.name} />
          <Anchor component={Link} to={`/admin/users/${u.id}`} fw={600} fz="sm">
            {u.name}
          </Anchor>
        </Group>
      ),
    },
    {
      key: 'phone',
      label: t('admin.people_phone'),
      render: (u) => <PhoneCell countryCode={u.country_code} phone={u.phone} />,
    },
    { key: 'city', label: t('admin.people_city'), render: (u) => u.city?.name ?? '—' },
    {
      key: 'status',
      label: t('admin.people_status'),
      render: (u) =>
        u.is_active || u.is_blocked ? (
          <StatusBadge blocked={u.is_blocked} />
        ) : (
          <Text fz="sm" c="dimmed">
            {t('admin.people_pending')}
          </Text>
        ),
    },
    { key: 'created', label: t('admin.people_created_at'), render: (u) => formatDate('ar', u.created_at) },
  ];
  return (
    <AdminPage title={t('admin.group_users')}>
      <Group gap="sm" align="flex-end">
        <SearchBox label={t('admin.people_search_users')} />
        <CityFilter cities={cities} label={t('admin.people_city')} w={200} />
        <StatusFilter />
      </Group>
      <DataTable
        rows={list.data}
        columns={columns}
        pagination={list.pagination}
        caption={t('admin.group_users')}
        testId="users-table"
      />
    </AdminPage>
  );
}
