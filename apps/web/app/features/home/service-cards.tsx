import { Flex, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconBuildingStore,
  IconCalendarRepeat,
  IconPool,
  IconTool,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Home } from '@pool/contracts/content';
import { useLang } from '../../lib/use-lang.ts';
import classes from './home.module.css';

type Service = Home['services'][number];

const ICONS: Record<Service['key'], typeof IconTool> = {
  online_store: IconBuildingStore,
  immediate_maintenance: IconTool,
  scheduled_maintenance: IconCalendarRepeat,
  construction: IconPool,
};
const COLORS: Record<Service['key'], string> = {
  online_store: 'cyan',
  immediate_maintenance: 'orange',
  scheduled_maintenance: 'teal',
  construction: 'blue',
};

/** The four services of the home page, each a card linking to its page. */
export function ServiceCards({ services }: { services: Service[] }) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  // "Forward" points left in Arabic.
  const Forward = lang === 'ar' ? IconArrowLeft : IconArrowRight;
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, xs: 2, md: 4 }}
      spacing={{ base: 'md', md: 'lg' }}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {services.map((s) => {
        const Icon = ICONS[s.key];
        return (
          <li key={s.key}>
            <Paper
              component={Link}
              to={to(s.path)}
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'lg' }}
              className={classes.cardLink}
              data-testid={`service-${s.key}`}
            >
              {/* A row on phones (icon beside the text), a column from the small breakpoint up. */}
              <Flex
                direction={{ base: 'row', xs: 'column' }}
                gap={{ base: 'md', xs: 'sm' }}
                h="100%"
                align="flex-start"
              >
                <ThemeIcon
                  size={56}
                  radius="md"
                  variant="light"
                  color={COLORS[s.key]}
                  aria-hidden
                  style={{ flexShrink: 0 }}
                >
                  <Icon size={30} stroke={1.6} />
                </ThemeIcon>
                <Stack gap={6} style={{ flex: 1 }}>
                  <Title order={3} fz="lg">
                    {s.title}
                  </Title>
                  <Text fz="sm" c="dimmed" lh={1.8} style={{ flex: 1 }}>
                    {s.description}
                  </Text>
                  <Group gap={6} c="cyan.9" fw={700} fz="sm" mt={4}>
                    <span>{t('pages.service_open')}</span>
                    <Forward size={16} aria-hidden />
                  </Group>
                </Stack>
              </Flex>
            </Paper>
          </li>
        );
      })}
    </SimpleGrid>
  );
}
