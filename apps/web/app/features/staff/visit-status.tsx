import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { badgeText } from '../../lib/tint-text.ts';
import { st } from './texts.ts';

const COLORS: Record<string, string> = {
  technician_assigned: 'blue',
  engineer_assigned: 'blue',
  on_the_way: 'orange',
  arrived: 'grape',
  completed: 'teal',
  done: 'teal',
};
const NAMED = new Set(Object.keys(COLORS));

/** A visit's state as the field team names it. */
export function VisitStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  const color = COLORS[status] ?? 'gray';
  return (
    <Badge
      color={color}
      // Readable on its tint (teal's own shade is too light for small text).
      c={badgeText(color)}
      variant="light"
      size="lg"
      data-testid="visit-status"
      data-status={status}
    >
      {t(st(NAMED.has(status) ? `status_${status}` : 'status_working'))}
    </Badge>
  );
}
