import { Container, Stack, Text, Title } from '@mantine/core';

/** The frame of the account pages: a narrow column, the page heading and an optional intro. */
export function AccountPage({
  title,
  intro,
  size = 'sm',
  children,
}: {
  title: string;
  intro?: React.ReactNode;
  /** Wider for pages of cards or two columns. */
  size?: 'sm' | 'lg';
  children: React.ReactNode;
}) {
  return (
    <Container size={size} px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            {title}
          </Title>
          {intro ? <Text c="dimmed">{intro}</Text> : null}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
