/**
 * An engineer's open construction projects on the staff view's first page: each with its number,
 * state, customer and city, opening the project's page; "none" when there are none.
 */
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConstructionStatus } from '@pool/contracts/construction';
import type { StaffOrderItem } from '@pool/contracts/field-work';
import { useLang } from '../../lib/use-lang.ts';
import { ConstructionStatusBadge } from '../construction/index.ts';
import { staffPageOf } from './day.ts';
import { cst } from './texts.ts';

function ProjectCard({ project }: { project: StaffOrderItem }) {
  const { to } = useLang();
  return (
    <Card withBorder radius="md" padding="md" shadow="xs" data-testid="project-card" data-order={project.id}>
      <Anchor component={Link} to={to(staffPageOf(project))} underline="never" c="inherit" data-testid="open-project">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={800} dir="ltr" ta="start">
            {project.number}
          </Text>
          <ConstructionStatusBadge status={project.status as ConstructionStatus} />
        </Group>
        <Text fw={700} mt="xs" dir="auto" ta="start">
          {project.customer_name}
        </Text>
        {project.city && (
          <Group gap={6} mt={4} wrap="nowrap" c="gray.7">
            <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text fz="sm">{project.city}</Text>
          </Group>
        )}
      </Anchor>
    </Card>
  );
}

/** `titled`: with its own heading (beside a technician's visits); an engineer's page has it as its title. */
export function ProjectsSection({ projects, titled }: { projects: StaffOrderItem[]; titled: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-label={t(cst('projects_title'))} data-testid="projects">
      <div>
        {titled && (
          <Title order={2} fz="h4">
            {t(cst('projects_title'))}
          </Title>
        )}
        <Text fz="sm" c="gray.7">
          {t(cst('projects_intro'))}
        </Text>
      </div>
      {projects.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Text ta="center" c="gray.7" data-testid="no-projects">
            {t(cst('projects_none'))}
          </Text>
        </Card>
      ) : (
        projects.map((p) => <ProjectCard key={p.id} project={p} />)
      )}
    </Stack>
  );
}
