/** A service order's state in the dashboard: its name and its badge; the text colour of the console's other light badges. */
import { useTranslation } from 'react-i18next';
import type { ServiceOrderStatus } from '@pool/contracts/maintenance';
import { StateBadge } from '../../orders/index.ts';

const COLORS: Record<ServiceOrderStatus, string> = {
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
  unscheduled: 'orange',
  scheduled: 'teal',
  done: 'teal',
};

export { badgeText } from '../tint-text.ts';

/** The console's colour of a state (its badges, the calendar's blocks). */
export const serviceStatusColor = (status: ServiceOrderStatus) => COLORS[status];

/** The name of a state, e.g. "Offer sent". */
export function useStatusLabel() {
  const { t } = useTranslation();
  return (status: string) => t(`operations.status_${status}`);
}

/** A service order's state: the orders' badge with the console's names and colours. */
export function ServiceStatusBadge({ status, size = 'md' }: { status: ServiceOrderStatus; size?: 'sm' | 'md' | 'lg' }) {
  const label = useStatusLabel();
  return <StateBadge status={status} label={label(status)} color={COLORS[status]} size={size} />;
}
