import { Anchor, Badge, Code, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Route } from './+types/report';
import { formatDateTime } from '../../../lib/format.ts';
import { adminMeta } from '../../../features/admin/meta.ts';
import { adminApi, must } from '../../../features/admin/admin-api.server.ts';
import { AdminPage } from '../../../features/admin/admin-page.tsx';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.people_report_title');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  return {
    report: must(await api.GET('/api/admin/reports/{id}', { params: { path: { id: Number(params.id) || 0 } } })),
  };
}

function Field({ label, children, wide }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <Stack gap={2} style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text fz="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text fw={600} component="dd" m={0} style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Stack>
  );
}

export default function ReportPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { report } = loaderData;
  return (
    <AdminPage
      title={t('admin.people_report_title')}
      actions={
        <Anchor component={Link} to="/admin/reports" fz="sm">
          <Group gap={4} component="span">
            <IconArrowRight size={16} aria-hidden />
            {t('admin.people_back_reports')}
          </Group>
        </Anchor>
      }
    >
      <Paper withBorder radius="lg" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" spacing="lg" m={0}>
          <Field label={t('admin.people_subject')} wide>
            {report.subject}
          </Field>
          <Field label={t('admin.people_url')} wide>
            <Code dir="ltr">{report.url}</Code>
          </Field>
          <Field label={t('admin.people_method')}>
            <Badge variant="light" c="dark.7">
              {report.method}
            </Badge>
          </Field>
          <Field label={t('admin.people_http_status')}>{report.status ?? '—'}</Field>
          <Field label={t('admin.people_admin')}>{report.admin?.name ?? '—'}</Field>
          <Field label={t('admin.people_time')}>{formatDateTime('ar', report.created_at)}</Field>
          <Field label={t('admin.people_ip')}>
            <span dir="ltr">{report.ip}</span>
          </Field>
          <Field label={t('admin.people_agent')} wide>
            <Text component="span" fz="sm" dir="ltr" ff="monospace">
              {report.agent || '—'}
            </Text>
          </Field>
        </SimpleGrid>
      </Paper>
    </AdminPage>
  );
}
