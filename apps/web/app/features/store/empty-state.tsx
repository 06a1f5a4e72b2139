import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon as TablerIcon } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A list with nothing to show: an icon, what happened, and where to go from here. */
export function EmptyState({
  Icon,
  color = 'gray',
  title,
  text,
  action,
  testId,
}: {
  Icon: TablerIcon;
  color?: string;
  title: string;
  text: string;
  action: { label: string; to: string };
  testId: string;
}) {
  return (
    <Paper withBorder radius="lg" p="xl" data-testid={testId}>
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={72} radius="xl" variant="light" color={color} aria-hidden>
          <Icon size={38} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          {title}
        </Title>
        <Text c="dimmed" maw={420}>
          {text}
        </Text>
        <Button component={Link} to={action.to} variant="light" mt="xs">
          {action.label}
        </Button>
      </Stack>
    </Paper>
  );
}
