/** A pool construction order's state: its label and colour. */
import { useTranslation } from 'react-i18next';
import type { ConstructionStatus } from '@pool/contracts/construction';
import { StateBadge } from '../orders/index.ts';

const COLORS: Record<ConstructionStatus, string> = {
  new: 'blue',
  engineer_assigned: 'indigo',
  offer_sent: 'violet',
  offer_rejected: 'orange',
  pending_payment: 'orange',
  in_progress: 'cyan',
  completed: 'teal',
  cancelled: 'gray',
  refused: 'red',
};

export function ConstructionStatusBadge({
  status,
  size = 'md',
}: {
  status: ConstructionStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation();
  return (
    <StateBadge status={status} label={t(`construction-site.status_${status}`)} color={COLORS[status]} size={size} />
  );
}
