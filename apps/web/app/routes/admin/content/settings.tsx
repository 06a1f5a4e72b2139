/**
 * `/admin/settings`: the site settings form (sent from the browser as
 * multipart, with the logo and share image) and the about/terms sections.
 * The monthly target is typed in riyals and stored in halalas.
 */
import { useState } from 'react';
import { Button, Group, Modal, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useFetcher, useRevalidator } from 'react-router';
import { PAGE_KEYS, pageSectionBody, settingsBody, type AdminSettings } from '@pool/contracts/cms';
import type { Route } from './+types/settings';
import { EditButton, FormActions } from '../../../features/admin/edit-actions.tsx';
import { adminApi, answerOf, must } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAdminAnswer, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { DataTable } from '../../../features/admin/data-table.tsx';
import { FormField, ImageField } from '../../../features/admin/content-fields.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { may, type Field } from '../../../features/admin/resources.ts';
import { useAdmin } from '../../../features/admin/use-admin.ts';
import { uploadAdminForm } from '../../../lib/api.client.ts';
import type { PathBody } from '../../../lib/api.ts';
import type { Answer } from '../../../lib/envelope.ts';
import { answerFieldErrors, schemaValidate } from '../../../lib/forms.ts';

type Section = {
  id: number;
  page: 'about' | 'terms';
  title_ar: string;
  title_en: string;
  content_ar: string;
  content_en: string;
  sort: number;
};
type Page = (typeof PAGE_KEYS)[number];

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.group_settings');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  const [settings, about, terms] = await Promise.all([
    api.GET('/api/admin/settings').then(must),
    api.GET('/api/admin/pages/about').then(must),
    api.GET('/api/admin/pages/terms').then(must),
  ]);
  return { settings, pages: { about: about.data, terms: terms.data } };
}

/** Saves one about/terms section. */
export async function action({ request, context }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  // The form's values as the page sent them; the API validates them.
  const body = (await request.json()) as {
    page: Page;
    id: number;
    values: PathBody<'post', '/api/admin/pages/about/{id}'>;
  };
  if (!PAGE_KEYS.includes(body.page)) return { msg: '', key: 'fail', data: null, status: 400 };
  const section = { params: { path: { id: Number(body.id) } }, body: body.values };
  return answerOf(
    body.page === 'about'
      ? await api.POST('/api/admin/pages/about/{id}', section)
      : await api.POST('/api/admin/pages/terms/{id}', section),
  );
}

const F = (name: string, type: Field['type'], extra: Partial<Field> = {}): Field => ({
  name,
  type,
  label: `cms.ui_set_${name}`,
  required: true,
  ...extra,
});

const GROUPS: { title: string; fields: Field[] }[] = [
  {
    title: 'cms.ui_set_group_site',
    fields: [F('site_name', 'text', { pair: true }), F('description', 'textarea', { pair: true })],
  },
  {
    title: 'cms.ui_set_group_contact',
    fields: [
      F('location', 'text', { pair: true }),
      F('phone', 'text', { ltr: true }),
      F('email', 'text', { ltr: true }),
      F('map_url', 'url', { ltr: true, required: false }),
    ],
  },
  {
    title: 'cms.ui_set_group_business',
    fields: [
      F('tax_number', 'text', { ltr: true }),
      F('commercial_record', 'text', { ltr: true }),
      F('vat_rate', 'number', { hint: 'cms.ui_set_vat_hint' }),
      // Not through F: a switch has no "required" mark.
      {
        name: 'prices_include_vat',
        type: 'switch',
        label: 'cms.ui_set_prices_include_vat',
        hint: 'cms.ui_set_prices_include_vat_hint',
      },
      F('monthly_target', 'number', { hint: 'cms.ui_set_target_hint' }),
    ],
  },
  {
    title: 'cms.ui_set_group_apps',
    fields: [F('android_app_link', 'url', { ltr: true }), F('iphone_app_link', 'url', { ltr: true })],
  },
];

function SettingsForm({ settings, canEdit }: { settings: AdminSettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const handle = useAdminAnswer();
  const revalidator = useRevalidator();
  const [files, setFiles] = useState<Record<'logo' | 'share_image', File | null>>({ logo: null, share_image: null });
  const [progress, setProgress] = useState<number | null>(null);
  const { logo: _logo, share_image: _shareImage, ...rest } = settings;
  const form = useForm<Record<string, unknown>>({
    mode: 'uncontrolled',
    initialValues: { ...rest, monthly_target: Math.round(settings.monthly_target / 100) },
    validate: schemaValidate(settingsBody, 'ar'),
  });

  const submit = async (values: Record<string, unknown>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(values)) {
      if (value === '' || value == null) continue;
      body.append(name, name === 'monthly_target' ? String(Math.round(Number(value) * 100)) : String(value));
    }
    for (const [name, file] of Object.entries(files)) if (file) body.append(name, file);
    setProgress(0);
    try {
      const answer = await uploadAdminForm('/api/admin/settings', body, setProgress);
      handle(answer, {
        onSuccess: () => {
          setFiles({ logo: null, share_image: null });
          void revalidator.revalidate();
        },
        onError: (a) => form.setErrors(answerFieldErrors(a)),
      });
    } catch {
      handle({ key: 'fail', msg: t('cms.ui_upload_failed'), data: null, status: 0 });
    } finally {
      setProgress(null);
    }
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate data-testid="settings-form">
      <Stack gap="lg">
        {GROUPS.map((group) => (
          <Paper key={group.title} withBorder radius="lg" p="lg">
            <Title order={2} fz="h4" mb="md">
              {t(group.title)}
            </Title>
            <SimpleGrid cols={{ base: 1, md: group.fields.some((f) => f.pair) ? 1 : 2 }} spacing="md">
              {group.fields.map((field) => (
                <FormField key={field.name} field={field} form={form} />
              ))}
            </SimpleGrid>
          </Paper>
        ))}
        <Paper withBorder radius="lg" p="lg">
          <Title order={2} fz="h4" mb="md">
            {t('cms.ui_set_group_images')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {(['logo', 'share_image'] as const).map((name) => (
              <ImageField
                key={name}
                name={name}
                label={t(`cms.ui_set_${name}`)}
                current={settings[name] || null}
                file={files[name]}
                onFile={(file) => setFiles((f) => ({ ...f, [name]: file }))}
                progress={files[name] ? progress : null}
                error={form.errors[name]}
              />
            ))}
          </SimpleGrid>
        </Paper>
        {canEdit ? (
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={progress !== null} data-testid="settings-save">
              {t('cms.ui_save')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

const sectionFields: Field[] = [
  { name: 'title', type: 'text', label: 'cms.ui_field_title', pair: true, required: true },
  { name: 'content', type: 'rich', label: 'cms.ui_field_content', pair: true, required: true },
  { name: 'sort', type: 'number', label: 'cms.ui_field_sort' },
];

function SectionForm({ section, onDone }: { section: Section; onDone: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer<Section>>();
  const { id, page, ...values } = section;
  const form = useForm<Record<string, unknown>>({
    mode: 'uncontrolled',
    initialValues: values,
    validate: schemaValidate(pageSectionBody, 'ar'),
  });
  useAnswerEffect(fetcher.data, { onSuccess: onDone, onError: (a) => form.setErrors(answerFieldErrors(a)) });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (v) => void fetcher.submit({ page, id, values: v } as never, { method: 'post', encType: 'application/json' }),
      )}
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('cms.ui_set_html_hint')}
        </Text>
        {sectionFields.map((field) => (
          <FormField key={field.name} field={field} form={form} />
        ))}
        <FormActions onCancel={onDone} busy={fetcher.state !== 'idle'} />
      </Stack>
    </form>
  );
}

export default function SettingsScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const admin = useAdmin();
  const canEdit = may(admin, 'settings.edit');
  const [editing, setEditing] = useState<Section | null>(null);
  return (
    <AdminPage title={t('admin.group_settings')} description={t('cms.ui_about_settings')}>
      <Tabs defaultValue="site" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="site">{t('cms.ui_set_tab_site')}</Tabs.Tab>
          {PAGE_KEYS.map((page) => (
            <Tabs.Tab key={page} value={page} data-testid={`settings-tab-${page}`}>
              {t(`cms.ui_set_tab_${page}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="site">
          <SettingsForm settings={loaderData.settings} canEdit={canEdit} />
        </Tabs.Panel>
        {PAGE_KEYS.map((page) => (
          <Tabs.Panel key={page} value={page}>
            <DataTable
              rows={loaderData.pages[page]}
              caption={t(`cms.ui_set_tab_${page}`)}
              testId={`sections-${page}`}
              columns={[
                { key: 'sort', label: t('cms.ui_field_sort'), width: 80, render: (s) => s.sort },
                { key: 'title_ar', label: t('cms.ui_field_title_ar'), render: (s) => s.title_ar },
                {
                  key: 'title_en',
                  label: t('cms.ui_field_title_en'),
                  render: (s) => <bdi dir="ltr">{s.title_en}</bdi>,
                },
                {
                  key: 'actions',
                  label: t('cms.ui_actions'),
                  render: (s) => (canEdit ? <EditButton name={s.title_ar} onClick={() => setEditing(s)} /> : null),
                },
              ]}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('cms.ui_edit_title', { screen: editing ? t(`cms.ui_set_tab_${editing.page}`) : '' })}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {editing ? <SectionForm key={editing.id} section={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </AdminPage>
  );
}
