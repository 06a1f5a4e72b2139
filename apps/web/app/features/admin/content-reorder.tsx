/**
 * Reordering a short list (ad banners): drag a row (native HTML5 drag and
 * drop) or use its up/down buttons from the keyboard; the new order is saved
 * at once with one request.
 */
import { useState } from 'react';
import { ActionIcon, Button, Group, Image, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Row = { id: number } & Record<string, unknown>;

export function BannerOrder({
  rows,
  name,
  saving,
  onSave,
  onCancel,
}: {
  rows: Row[];
  name: (row: Row) => string;
  saving: boolean;
  onSave: (ids: number[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [order, setOrder] = useState(rows);
  const [dragged, setDragged] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');

  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    const next = [...order];
    const [row] = next.splice(from, 1);
    next.splice(to, 0, row!);
    setOrder(next);
    setAnnounce(t('cms.ui_moved', { name: name(row!), place: to + 1, total: next.length }));
  };

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('cms.ui_reorder_hint')}
      </Text>
      <VisuallyHidden aria-live="polite">{announce}</VisuallyHidden>
      <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="reorder-list">
        {order.map((row, index) => (
          <Paper
            component="li"
            key={row.id}
            withBorder
            radius="md"
            p="xs"
            draggable
            onDragStart={(e: React.DragEvent) => {
              setDragged(index);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(row.id));
            }}
            onDragOver={(e: React.DragEvent) => {
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
            }}
            onDrop={(e: React.DragEvent) => {
              e.preventDefault();
              if (dragged !== null) move(dragged, index);
              setDragged(null);
            }}
            onDragEnd={() => setDragged(null)}
            style={{ cursor: 'grab', opacity: dragged === index ? 0.5 : 1 }}
            data-testid="reorder-item"
          >
            <Group gap="sm" wrap="nowrap">
              <IconGripVertical size={18} aria-hidden color="var(--mantine-color-gray-6)" />
              <Text fw={700} w={24} ta="center">
                {index + 1}
              </Text>
              {row.image ? <Image src={String(row.image)} alt="" w={64} h={40} radius="sm" fit="cover" /> : null}
              <Text style={{ flex: 1 }} lineClamp={1}>
                {name(row)}
              </Text>
              <ActionIcon
                variant="subtle"
                onClick={() => move(index, index - 1)}
                disabled={index === 0}
                aria-label={t('common.label_of', { label: t('cms.ui_move_up'), name: name(row) })}
              >
                <IconArrowUp size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                onClick={() => move(index, index + 1)}
                disabled={index === order.length - 1}
                aria-label={t('common.label_of', { label: t('cms.ui_move_down'), name: name(row) })}
              >
                <IconArrowDown size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button loading={saving} onClick={() => onSave(order.map((r) => r.id))} data-testid="reorder-save">
          {t('cms.ui_reorder_save')}
        </Button>
      </Group>
    </Stack>
  );
}
