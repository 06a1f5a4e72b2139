/** A service order's state in the dashboard: its name and a badge (dark text on a light tint, for contrast). */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MaintenanceStatus } from '@pool/contracts/maintenance';

const COLORS: Record<MaintenanceStatus, string> = {
  new: 'blue',
  approved: 'indigo',
  offer_sent: 'violet',
  offer_rejected: 'orange',
  pending_payment: 'yellow',
  paid: 'teal',
  technician_assigned: 'cyan',
  on_the_way: 'cyan',
  arrived: 'grape',
  completed: 'green',
  cancelled: 'gray',
  refused: 'red',
};

/**
 * A light badge's text colour: the colour's darkest shade, or near-black where that shade is
 * too light on its own tint for small text (WCAG AA, 4.5:1).
 */
export const badgeText = (color: string) =>
  ['teal', 'green', 'yellow', 'orange', 'grape', 'lime'].includes(color) ? 'dark.7' : `${color}.9`;

/** The name of a state, e.g. "Offer sent". */
export function useStatusLabel() {
  const { t } = useTranslation();
  return (status: string) => t(`operations.status_${status}`);
}

export function ServiceStatusBadge({ status, size = 'md' }: { status: MaintenanceStatus; size?: 'sm' | 'md' | 'lg' }) {
  const label = useStatusLabel();
  return (
    <Badge
      variant="light"
      size={size}
      color={COLORS[status]}
      c={badgeText(COLORS[status])}
      miw="max-content"
      data-testid="service-status"
      data-status={status}
    >
      {label(status)}
    </Badge>
  );
}
