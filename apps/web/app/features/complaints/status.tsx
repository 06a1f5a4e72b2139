/** A complaint's state and kind: their labels and colours (both sides use them). */
import { useTranslation } from 'react-i18next';
import type { ComplaintStatus } from '@pool/contracts/complaints';
import { StateBadge } from '../orders/index.ts';

const COLORS: Record<ComplaintStatus, string> = {
  open: 'blue',
  in_review: 'orange',
  answered: 'teal',
  closed: 'gray',
};

export function ComplaintStatusBadge({ status, size = 'md' }: { status: ComplaintStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return <StateBadge status={status} label={t(`complaints.status_${status}`)} color={COLORS[status]} size={size} />;
}

/** The name of an order's kind (or of `none`: about no order), in the page's language. */
export function useOrderKindLabel() {
  const { t } = useTranslation();
  return (kind: string) => t(kind === 'none' ? 'complaints.order_none' : `complaints.order_kind_${kind}`);
}
