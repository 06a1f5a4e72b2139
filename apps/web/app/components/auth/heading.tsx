import { Text, Title } from '@mantine/core';

/** The heading of an auth page: its title, a line under it and what follows (a link). */
export function AuthHeading({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <div>
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Text c="dimmed" mt={4}>
        {subtitle}
      </Text>
      {children}
    </div>
  );
}
