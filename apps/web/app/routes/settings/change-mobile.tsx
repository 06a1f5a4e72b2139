import { Button, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Route } from './+types/change-mobile';
import { apiFor } from '../../lib/api.server.ts';
import { displayPhone } from '../../lib/format.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { AccountPage } from '../../features/account/account-page.tsx';
import { loadProfile } from '../../features/account/profile.server.ts';
import { ForwardIcon } from '../../components/auth/icons.tsx';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'settings.change_title');

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await loadProfile(await apiFor(context, request));
  return { current: user ? displayPhone(user.country_code, user.phone) : null };
}

/** Step 0 of the phone change: what will happen, and the number in use now. */
export default function ChangeMobilePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLang();
  return (
    <AccountPage title={t('settings.change_title')}>
      {loaderData.current && (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} bg="cyan.0">
          <Stack gap={4} align="center" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
              <IconDeviceMobile size={30} />
            </ThemeIcon>
            <Text c="dimmed" fz="sm">
              {t('settings.current_number')}
            </Text>
            <Text fw={800} fz="xl" data-testid="current-phone">
              {loaderData.current}
            </Text>
          </Stack>
        </Paper>
      )}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Text fw={600} mb="sm">
          {t('settings.change_intro')}
        </Text>
        <List type="ordered" spacing="xs">
          <List.Item>{t('settings.change_step1')}</List.Item>
          <List.Item>{t('settings.change_step2')}</List.Item>
          <List.Item>{t('settings.change_step3')}</List.Item>
        </List>
      </Paper>
      <Button
        component={Link}
        to={to('/settings/change_mobile_number_phone')}
        size="md"
        rightSection={<ForwardIcon />}
        data-testid="change-mobile-continue"
      >
        {t('settings.continue')}
      </Button>
    </AccountPage>
  );
}
