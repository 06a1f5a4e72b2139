/**
 * Choosing the engineer of a new construction order: the active engineers who serve its city,
 * each with their rating and how many projects they have open. Assigning (asked first) posts
 * `{intent: 'assign', staff_id}` to the page's action: the kernel's assignment move.
 */
import { Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import type { AssignableEngineer } from '@pool/contracts/construction-admin';
import type { Answer } from '../../../lib/envelope.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useAnswerEffect } from '../admin-page.tsx';
import { ConfirmAction } from '../confirm-action.tsx';
import { StaffRating } from '../staff/cells.tsx';
import { badgeText } from '../tint-text.ts';

export function EngineerPanel({
  order,
  engineers,
}: {
  order: { number: string; city: string | null };
  engineers: AssignableEngineer[];
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer<unknown>>({ key: 'construction-assign' });
  useAnswerEffect(fetcher.data);
  // The least busy first, then the best rated.
  const sorted = [...engineers].sort((a, b) => a.open_orders - b.open_orders || b.rating - a.rating);
  return (
    <Paper withBorder radius="lg" p="md" data-testid="assign-panel">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('construction-admin.assignment')}
        </Title>
        <Text fz="sm" c="gray.7">
          {t('construction-admin.assignment_intro', { city: order.city ?? '—' })}
        </Text>
        {sorted.length === 0 ? (
          <Text c="gray.7" data-testid="no-engineers">
            {t('construction-admin.no_engineers')}
          </Text>
        ) : (
          <Stack gap="xs" role="list">
            {sorted.map((e) => (
              <Paper key={e.id} withBorder radius="md" p="xs" role="listitem" data-testid="assignable-staff">
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Avatar src={e.image} alt="" radius="xl" color="indigo" />
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={700} truncate>
                        {e.name}
                      </Text>
                      <StaffRating rating={e.rating_count ? e.rating : null} count={e.rating_count} />
                      <Text fz="xs" dir="ltr" ta="right" c="gray.7">
                        {e.phone}
                      </Text>
                    </Stack>
                  </Group>
                  <Stack gap={6} align="flex-end">
                    <Badge
                      variant="light"
                      color={e.open_orders ? 'orange' : 'teal'}
                      c={badgeText(e.open_orders ? 'orange' : 'teal')}
                      miw="max-content"
                      data-testid="engineer-open-orders"
                    >
                      {t('construction-admin.open_orders', { n: formatNumber('ar', e.open_orders) })}
                    </Badge>
                    <ConfirmAction
                      label={t('operations.assign')}
                      question={t('operations.assign_q', { number: order.number, name: e.name })}
                      color="cyan"
                      variant="filled"
                      icon={<IconUserCheck size={14} aria-hidden />}
                      loading={fetcher.state !== 'idle'}
                      onConfirm={() =>
                        void fetcher.submit({ intent: 'assign', staff_id: String(e.id) }, { method: 'post' })
                      }
                      testId={`assign-${e.id}`}
                    />
                  </Stack>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
