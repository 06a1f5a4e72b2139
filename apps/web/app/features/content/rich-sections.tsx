import { Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './content.module.css';

export type PageSection = { id: number; title: string; content: string };

/** The about and terms pages: titled sections of HTML that the API has already sanitised. */
export function RichSections({
  title,
  intro,
  sections,
  numbered = false,
}: {
  title: string;
  intro?: string;
  sections: PageSection[];
  numbered?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Container size="md" px="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            {title}
          </Title>
          {intro ? <Text c="dimmed">{intro}</Text> : null}
        </Stack>
        {sections.length === 0 ? (
          <Text c="dimmed" data-testid="no-content">
            {t('pages.no_content')}
          </Text>
        ) : (
          sections.map((s, i) => (
            <Paper
              key={s.id}
              component="section"
              aria-labelledby={`section-${s.id}`}
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'xl' }}
            >
              <Group gap="sm" wrap="nowrap" mb="sm">
                {numbered ? (
                  <ThemeIcon size={32} radius="xl" variant="light" aria-hidden>
                    <Text fw={700} fz="sm">
                      {i + 1}
                    </Text>
                  </ThemeIcon>
                ) : null}
                <Title order={2} fz="h3" id={`section-${s.id}`} c="cyan.9">
                  {s.title}
                </Title>
              </Group>
              <div className={`app-rich-text ${classes.rich}`} dangerouslySetInnerHTML={{ __html: s.content }} />
            </Paper>
          ))
        )}
      </Stack>
    </Container>
  );
}
