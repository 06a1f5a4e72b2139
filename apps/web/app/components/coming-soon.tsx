import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function ComingSoon() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={60}>
      <Paper withBorder p="xl" radius="lg">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <IconTools size={34} />
          </ThemeIcon>
          <Title order={1} fz="h2" data-testid="coming-soon">
            {t('common.coming_soon_title')}
          </Title>
          <Text c="dimmed">{t('common.coming_soon_text')}</Text>
        </Stack>
      </Paper>
    </Container>
  );
}
