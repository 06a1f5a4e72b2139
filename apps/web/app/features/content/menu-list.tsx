import { Group, Paper, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLang } from '../../lib/use-lang.ts';
import classes from './content.module.css';

export type MenuItem = {
  key: string;
  path: string;
  label: string;
  hint: string;
  icon: React.ReactNode;
  color?: string;
};

/** A titled list of links (the "more" page), each row with an icon, a hint and a chevron pointing forward. */
export function MenuList({ id, title, items }: { id: string; title: string; items: MenuItem[] }) {
  const { lang, to } = useLang();
  const Chevron = lang === 'ar' ? IconChevronLeft : IconChevronRight;
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Title order={2} fz="h4" id={id} c="dimmed">
        {title}
      </Title>
      <Paper withBorder radius="lg" component="ul" p={0} m={0} className={classes.menuList}>
        {items.map((item) => (
          <li key={item.key}>
            <UnstyledButton
              component={Link}
              to={to(item.path)}
              className={classes.menuRow}
              data-testid={`more-${item.key}`}
            >
              <Group gap="md" wrap="nowrap" px="md" py="sm">
                <ThemeIcon size={42} radius="md" variant="light" color={item.color ?? 'cyan'} aria-hidden>
                  {item.icon}
                </ThemeIcon>
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={700}>{item.label}</Text>
                  <Text fz="sm" c="dimmed" truncate>
                    {item.hint}
                  </Text>
                </Stack>
                <Chevron size={18} aria-hidden color="var(--mantine-color-gray-6)" />
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Paper>
    </Stack>
  );
}
