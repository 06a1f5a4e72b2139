/** A service order's state in the dashboard: its name and its badge; the text colour of the console's other light badges. */
import { useTranslation } from 'react-i18next';
import type { MaintenanceStatus } from '@pool/contracts/maintenance';
import { StateBadge } from '../../orders/index.ts';

const COLORS: Record<MaintenanceStatus, string> = {
  new: 'blue',
  approved: 'indigo',
  offer_sent: 'violet',
  offer_rejected: 'pink',
  pending_payment: 'grape',
  paid: 'teal',
  technician_assigned: 'cyan',
  on_the_way: 'cyan',
  arrived: 'cyan',
  completed: 'teal',
  cancelled: 'gray',
  refused: 'red',
};

export { badgeText } from '../tint-text.ts';

/** The name of a state, e.g. "Offer sent". */
export function useStatusLabel() {
  const { t } = useTranslation();
  return (status: string) => t(`operations.status_${status}`);
}

/** A service order's state: the orders' badge with the console's names and colours. */
export function ServiceStatusBadge({ status, size = 'md' }: { status: MaintenanceStatus; size?: 'sm' | 'md' | 'lg' }) {
  const label = useStatusLabel();
  return <StateBadge status={status} label={label(status)} color={COLORS[status]} size={size} />;
}
