import { Box, Container, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/layout/language-switch.tsx';
import { st } from './texts.ts';

/** The staff sign-in pages' frame: the company's mark, the field team's name, one card; phone first. */
export function SignInShell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="cyan.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Container component="header" size="xs" w="100%" py="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap={8} wrap="nowrap">
            <img src="/img/logo-72.webp" alt="" width={36} height={36} />
            <div>
              <Text fw={800} c="cyan.9" lh={1.2}>
                {t('common.app_name')}
              </Text>
              <Text fz="sm" c="gray.7" lh={1.2}>
                {t(st('title'))}
              </Text>
            </div>
          </Group>
          <LanguageSwitch />
        </Group>
      </Container>
      <Container component="main" id="main" size="xs" w="100%" px="sm" pb="xl" tabIndex={-1}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
