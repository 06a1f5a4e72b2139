/** A maintenance order's state: its label and colour. */
import { useTranslation } from 'react-i18next';
import type { MaintenanceStatus } from '@pool/contracts/maintenance';
import { StateBadge } from '../orders/index.ts';

const COLORS: Record<MaintenanceStatus, string> = {
  new: 'blue',
  approved: 'indigo',
  offer_sent: 'violet',
  offer_rejected: 'orange',
  pending_payment: 'orange',
  paid: 'teal',
  technician_assigned: 'cyan',
  on_the_way: 'cyan',
  arrived: 'cyan',
  completed: 'teal',
  cancelled: 'gray',
  refused: 'red',
};

export function MaintenanceStatusBadge({
  status,
  size = 'md',
}: {
  status: MaintenanceStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation();
  return (
    <StateBadge status={status} label={t(`maintenance-site.status_${status}`)} color={COLORS[status]} size={size} />
  );
}
