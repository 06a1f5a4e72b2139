/** The work's stages as the engineer posts them: title, time, note and photos, newest first. */
import { Image, SimpleGrid, Stack, Text, Timeline } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ConstructionStageView } from '@pool/contracts/construction';
import { formatDateTime } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';

export function StagesView({ stages }: { stages: ConstructionStageView[] }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  if (!stages.length)
    return (
      <Text c="gray.7" fz="sm" data-testid="stages-empty">
        {t('construction-site.stages_empty')}
      </Text>
    );
  const newestFirst = [...stages].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Timeline bulletSize={26} lineWidth={2} active={newestFirst.length - 1}>
      {newestFirst.map((s) => (
        <Timeline.Item key={s.id} bullet={<IconHammer size={14} aria-hidden />} data-testid="stage">
          <Stack gap={4}>
            <Text fw={700}>
              <bdi>{s.title}</bdi>
            </Text>
            <Text fz="xs" c="gray.7">
              {formatDateTime(lang, s.created_at)}
            </Text>
            {s.note ? (
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                <bdi>{s.note}</bdi>
              </Text>
            ) : null}
            {s.photos.length ? (
              <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
                {s.photos.map((u, i) => (
                  <a key={u} href={u} target="_blank" rel="noreferrer">
                    <Image
                      src={u}
                      alt={t('construction-site.stage_photo_alt', { title: s.title, n: i + 1 })}
                      radius="md"
                      h={84}
                      fit="cover"
                    />
                  </a>
                ))}
              </SimpleGrid>
            ) : null}
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
