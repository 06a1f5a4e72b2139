import { Box, Button, Container, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock, IconLogin2, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { data, redirect, useFetcher } from 'react-router';
import { adminLoginBody } from '@pool/contracts/admin';
import type { Route } from './+types/login';
import { apiFor } from '../../lib/api.server.ts';
import { readAdminToken, saveAdminAuth } from '../../lib/cookies.server.ts';
import { useToasts, type Answer } from '../../lib/envelope.ts';
import { answerFieldErrors, schemaValidate } from '../../lib/forms.ts';
import { adminMeta } from '../../features/admin/meta.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.login_title');

export async function loader({ request }: Route.LoaderArgs) {
  // Signed in already: the layout checks the token and sends a stale one back here.
  if (await readAdminToken(request)) throw redirect('/admin');
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await apiFor(context, request);
  const form = await request.formData();
  const body = { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') };
  const answer = await api.as({ token: null, lang: 'ar' }).POST('/api/admin/login', { body });
  if (answer.key === 'success' && answer.status === 200) {
    throw redirect('/admin', { headers: { 'set-cookie': await saveAdminAuth(answer.data.token) } });
  }
  // Never hand the page more than the message and field errors.
  return data({
    msg: answer.msg,
    key: answer.key,
    data: answer.status === 422 ? answer.data : null,
    status: answer.status,
  });
}

export default function AdminLogin() {
  const { t } = useTranslation();
  const toast = useToasts();
  const fetcher = useFetcher<Answer<unknown>>();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: schemaValidate(adminLoginBody, 'ar'),
    validateInputOnBlur: true,
  });

  useChangeEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    toast.error(answer.msg);
    form.setErrors(answerFieldErrors(answer));
  }, [fetcher.data]);

  return (
    <Box
      dir="rtl"
      lang="ar"
      mih="100vh"
      py={{ base: 'xl', sm: 80 }}
      style={{ background: 'linear-gradient(160deg, var(--mantine-color-cyan-0), var(--mantine-color-blue-1))' }}
    >
      <Container component="main" id="main" size={440} px="md">
        <Group justify="center" gap="sm" mb="lg">
          <img src="/img/logo_app.png" alt="" width={48} height={48} />
          <Text fw={800} fz="xl" c="cyan.9">
            {t('common.app_name')}
          </Text>
        </Group>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <fetcher.Form
            method="post"
            noValidate
            onSubmit={form.onSubmit((values) => fetcher.submit(values, { method: 'post' }))}
            data-testid="admin-login-form"
          >
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={1} fz="h3">
                  {t('admin.login_title')}
                </Title>
                <Text c="dimmed" fz="sm">
                  {t('admin.login_intro')}
                </Text>
              </Stack>
              <TextInput
                label={t('admin.email')}
                placeholder={t('admin.email_placeholder')}
                type="email"
                autoComplete="username"
                // An address reads left to right; its icon stays on the (RTL) start side, so the paddings swap.
                styles={{
                  input: {
                    direction: 'ltr',
                    textAlign: 'right',
                    paddingLeft: 'var(--input-padding-inline-end)',
                    paddingRight: 'var(--input-padding-inline-start)',
                  },
                }}
                required
                leftSection={<IconMail size={18} aria-hidden />}
                {...form.getInputProps('email')}
                name="email"
              />
              <PasswordInput
                label={t('admin.password')}
                autoComplete="current-password"
                required
                leftSection={<IconLock size={18} aria-hidden />}
                {...form.getInputProps('password')}
                name="password"
              />
              <Button
                type="submit"
                size="md"
                fullWidth
                loading={fetcher.state !== 'idle'}
                leftSection={<IconLogin2 size={18} aria-hidden style={{ transform: 'scaleX(-1)' }} />}
                data-testid="admin-login-submit"
              >
                {t('admin.sign_in')}
              </Button>
            </Stack>
          </fetcher.Form>
        </Paper>
      </Container>
    </Box>
  );
}
