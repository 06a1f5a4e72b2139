import {
  Badge,
  Button,
  Checkbox,
  Drawer,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { roleBody, type PermissionGroupItem, type RoleDetail } from '@pool/contracts/people';
import type { Route } from './+types/roles';
import type { PathBody } from '../../../lib/api.ts';
import type { Answer } from '../../../lib/envelope.ts';
import { formatNumber } from '../../../lib/format.ts';
import { answerFieldErrors, schemaValidate } from '../../../lib/forms.ts';
import { EditButton } from '../../../features/admin/edit-actions.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { adminApi, answerOf, must } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { ConfirmAction } from '../../../features/admin/confirm-action.tsx';
import { DataTable, useListParams, type Column } from '../../../features/admin/data-table.tsx';
import { useAdmin } from '../../../features/admin/use-admin.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.group_roles');

type RoleRow = Omit<RoleDetail, 'permissions'>;

/** `?edit=new` or `?edit=<id>` opens the form; the role's permissions are read here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  const edit = new URL(request.url).searchParams.get('edit');
  const [roles, groups] = await Promise.all([
    api.GET('/api/admin/roles').then(must),
    api.GET('/api/admin/permissions').then(must),
  ]);
  const editing =
    edit && /^\d+$/.test(edit)
      ? must(await api.GET('/api/admin/roles/{id}', { params: { path: { id: Number(edit) } } }))
      : null;
  return { roles, groups, editing, creating: edit === 'new' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  // The form's values as the page sent them; the API validates them.
  const body = (await request.json()) as { intent: string; id?: number; role: PathBody<'post', '/api/admin/roles'> };
  const params = { path: { id: Number(body.id) } };
  if (body.intent === 'delete') return answerOf(await api.DELETE('/api/admin/roles/{id}', { params }));
  return answerOf(
    body.id
      ? await api.POST('/api/admin/roles/{id}', { params, body: body.role })
      : await api.POST('/api/admin/roles', { body: body.role }),
  );
}

type Values = { name_ar: string; name_en: string; permissions: string[] };

function RoleForm({
  role,
  groups,
  onClose,
}: {
  role: RoleDetail | null;
  groups: PermissionGroupItem[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const me = useAdmin();
  const fetcher = useFetcher<Answer<unknown>>();
  // An admin grants only what they hold; what the role has already may stay (the server's rule too).
  const grantable = (code: string) =>
    me.is_super || me.permissions.includes(code) || Boolean(role?.permissions.includes(code));
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      name_ar: role?.name_ar ?? '',
      name_en: role?.name_en ?? '',
      permissions: role?.permissions ?? [],
    },
    validate: schemaValidate(roleBody, 'ar'),
    validateInputOnBlur: true,
  });
  useAnswerEffect(fetcher.data, {
    onSuccess: onClose,
    onError: (a) => form.setErrors(answerFieldErrors(a)),
  });
  const chosen = new Set(form.values.permissions);
  const setGroup = (codes: string[], on: boolean) =>
    form.setFieldValue(
      'permissions',
      on ? [...new Set([...chosen, ...codes.filter(grantable)])] : [...chosen].filter((c) => !codes.includes(c)),
    );

  return (
    <form
      noValidate
      data-testid="role-form"
      onSubmit={form.onSubmit((values) =>
        fetcher.submit(
          { intent: 'save', id: role?.id ?? null, role: values },
          { method: 'post', encType: 'application/json' },
        ),
      )}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('admin.people_name_ar')}
            withAsterisk
            maxLength={100}
            {...form.getInputProps('name_ar')}
          />
          <TextInput
            label={t('admin.people_name_en')}
            withAsterisk
            maxLength={100}
            dir="ltr"
            {...form.getInputProps('name_en')}
          />
        </SimpleGrid>
        <Group justify="space-between">
          <Title order={2} fz="h5">
            {t('admin.permissions')}
          </Title>
          <Text fz="sm" c="dimmed" data-testid="role-form-count">
            {t('admin.permissions_count', { count: chosen.size })}
          </Text>
        </Group>
        {form.errors.permissions ? (
          <Text c="red.8" fz="sm" role="alert">
            {form.errors.permissions}
          </Text>
        ) : null}
        {groups.map((g) => {
          const codes = g.permissions.map((p) => p.code);
          const on = codes.filter((c) => chosen.has(c)).length;
          const label = t(`admin.group_${g.key}`, { defaultValue: g.name });
          return (
            <Paper key={g.key} withBorder radius="md" p="sm" component="fieldset" style={{ margin: 0 }}>
              <Text component="legend" fw={700} px={4}>
                {label}
              </Text>
              <Group justify="flex-end" mb="xs" mt={-28}>
                <Checkbox
                  size="xs"
                  label={t('admin.people_select_all')}
                  aria-label={t('admin.people_select_group', { group: label })}
                  checked={on === codes.length}
                  indeterminate={on > 0 && on < codes.length}
                  disabled={!codes.some(grantable)}
                  onChange={(e) => setGroup(codes, e.currentTarget.checked)}
                  data-testid={`perm-group-${g.key}`}
                />
              </Group>
              <Group gap="md">
                {g.permissions.map((p) => (
                  <Checkbox
                    key={p.code}
                    label={p.name}
                    checked={chosen.has(p.code)}
                    disabled={!grantable(p.code)}
                    onChange={(e) => setGroup([p.code], e.currentTarget.checked)}
                    data-testid={`perm-${p.code}`}
                  />
                ))}
              </Group>
            </Paper>
          );
        })}
        <Group justify="flex-end" gap="sm" pos="sticky" bottom={0} bg="white" py="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={fetcher.state !== 'idle'} data-testid="role-form-submit">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function RolesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const me = useAdmin();
  const { roles, groups, editing, creating } = loaderData;
  const params = useListParams();
  const fetcher = useFetcher<Answer<unknown>>();
  useAnswerEffect(fetcher.data);
  const may = (p: string) => me.is_super || me.permissions.includes(p);
  const open = editing !== null || creating;
  const close = () => params.set({ edit: null });

  const columns: Column<RoleRow>[] = [
    { key: 'name', label: t('admin.people_name'), render: (r) => <Text fw={600}>{r.name}</Text> },
    {
      key: 'permissions',
      label: t('admin.permissions'),
      render: (r) =>
        r.is_super ? (
          <Badge variant="light" color="cyan" title={t('admin.roles_super_note')}>
            {t('admin.people_super')}
          </Badge>
        ) : r.permissions_count === 0 ? (
          <Badge variant="light" color="gray" c="dark.5">
            {t('admin.people_no_permissions')}
          </Badge>
        ) : (
          t('admin.permissions_count', { count: r.permissions_count })
        ),
    },
    { key: 'admins', label: t('admin.people_admins_count'), render: (r) => formatNumber('ar', r.admins_count) },
    {
      key: 'actions',
      label: t('admin.people_actions'),
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          {/* Nobody edits the role they hold, and the general manager's role keeps every permission. */}
          {may('roles.edit') && !r.is_super && r.id !== me.role?.id ? (
            <EditButton name={r.name} onClick={() => params.set({ edit: String(r.id) })} />
          ) : null}
          {may('roles.delete') && !r.is_super ? (
            <ConfirmAction
              label={t('common.delete')}
              question={t('admin.people_delete_role_q', { name: r.name })}
              icon={<IconTrash size={14} aria-hidden />}
              loading={fetcher.state !== 'idle'}
              onConfirm={() =>
                void fetcher.submit({ intent: 'delete', id: r.id }, { method: 'post', encType: 'application/json' })
              }
            />
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('admin.group_roles')}
      actions={
        may('roles.create') ? (
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => params.set({ edit: 'new' })}
            data-testid="role-add"
          >
            {t('admin.people_add_role')}
          </Button>
        ) : null
      }
    >
      <DataTable rows={roles} columns={columns} caption={t('admin.group_roles')} testId="roles-table" />
      <Drawer
        opened={open}
        onClose={close}
        position="left"
        size="lg"
        title={creating ? t('admin.people_add_role') : t('admin.people_edit_role')}
      >
        {open ? <RoleForm key={editing?.id ?? 'new'} role={editing} groups={groups} onClose={close} /> : null}
      </Drawer>
    </AdminPage>
  );
}
