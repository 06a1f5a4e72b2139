import { Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { ownProfileBody } from '@pool/contracts/people';
import type { Route } from './+types/profile';
import { uploadAdminForm } from '../../../lib/api.client.ts';
import { schemaValidate } from '../../../lib/forms.ts';
import { adminMeta } from '../../../features/admin/meta.ts';
import { AdminPage } from '../../../features/admin/admin-page.tsx';
import { useImageForm } from '../../../features/admin/use-image-form.ts';
import { ImageField } from '../../../features/admin/image-field.tsx';
import { useAdmin } from '../../../features/admin/use-admin.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.people_profile_title');

type Values = { name: string; current_password: string; password: string; password_confirmation: string };
const EMPTY_PASSWORDS = { current_password: '', password: '', password_confirmation: '' };

/** The admin's own name, image and password (the layout's data is the source; saving re-reads it). */
export default function ProfilePage() {
  const { t } = useTranslation();
  const admin = useAdmin();
  const revalidator = useRevalidator();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: admin.name, ...EMPTY_PASSWORDS },
    validate: schemaValidate(ownProfileBody, 'ar'),
    validateInputOnBlur: true,
  });

  const { file, setFile, busy, send, imageField } = useImageForm(form);

  const submit = form.onSubmit((values) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(values)) body.append(k, k === 'name' ? v.trim() : v);
    if (file) body.append('image', file);
    return send(
      (onProgress) => uploadAdminForm('/api/admin/profile', body, onProgress),
      () => {
        setFile(null);
        form.setValues(EMPTY_PASSWORDS);
        void revalidator.revalidate();
      },
    );
  });

  return (
    <AdminPage title={t('admin.people_profile_title')}>
      <form onSubmit={submit} noValidate data-testid="admin-profile-form">
        <Stack gap="lg" maw={640}>
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="md">
              <Title order={2} fz="h4">
                {t('admin.people_personal')}
              </Title>
              <ImageField id="profile-image" label={t('admin.people_image')} current={admin.image} {...imageField} />
              <TextInput
                label={t('admin.people_name')}
                withAsterisk
                maxLength={100}
                autoComplete="name"
                disabled={busy}
                {...form.getInputProps('name')}
              />
              <Text fz="sm" c="dimmed">
                {t('admin.email')}: <span dir="ltr">{admin.email}</span>
              </Text>
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="md">
              <Title order={2} fz="h4">
                {t('admin.people_change_password')}
              </Title>
              <Text fz="sm" c="dimmed">
                {t('admin.people_password_optional')}
              </Text>
              <PasswordInput
                label={t('admin.people_current_password')}
                autoComplete="current-password"
                disabled={busy}
                {...form.getInputProps('current_password')}
              />
              <PasswordInput
                label={t('admin.people_new_password')}
                autoComplete="new-password"
                disabled={busy}
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label={t('admin.people_password_confirmation')}
                autoComplete="new-password"
                disabled={busy}
                {...form.getInputProps('password_confirmation')}
              />
            </Stack>
          </Paper>
          <Group>
            <Button type="submit" loading={busy} data-testid="admin-profile-submit">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminPage>
  );
}
