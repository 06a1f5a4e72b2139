/** Pieces of the dashboard's subscription pages: a subscription's and a visit's state (label and colour), the period. */
import { useTranslation } from 'react-i18next';
import type { PackageVisitStatus, SubscriptionStatus } from '@pool/contracts/packages';
import { formatDate } from '../../../lib/format.ts';
import { StateBadge } from '../../orders/index.ts';

const SUBSCRIPTION: Record<SubscriptionStatus, string> = {
  pending_payment: 'orange',
  active: 'teal',
  completed: 'blue',
  expired: 'gray',
  cancelled: 'red',
};

const VISIT: Record<PackageVisitStatus, string> = {
  unscheduled: 'orange',
  scheduled: 'blue',
  technician_assigned: 'indigo',
  on_the_way: 'cyan',
  arrived: 'violet',
  done: 'teal',
  cancelled: 'gray',
};

export function SubscriptionBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation();
  return (
    // A narrow column must not cut the word short.
    <div style={{ minWidth: 'max-content' }}>
      <StateBadge
        status={status}
        label={t(`packages-admin.sub_status_${status}`)}
        color={SUBSCRIPTION[status]}
        size="sm"
      />
    </div>
  );
}

export function VisitBadge({ status }: { status: PackageVisitStatus }) {
  const { t } = useTranslation();
  return (
    <div style={{ minWidth: 'max-content' }}>
      <StateBadge status={status} label={t(`packages-admin.visit_status_${status}`)} color={VISIT[status]} size="sm" />
    </div>
  );
}

/** "from to" in Riyadh days, or that it starts when paid. */
export function PeriodText({ sub }: { sub: { starts_at: string | null; ends_at: string | null } }) {
  const { t } = useTranslation();
  return sub.starts_at && sub.ends_at
    ? t('packages-admin.sub_period_range', { from: formatDate('ar', sub.starts_at), to: formatDate('ar', sub.ends_at) })
    : t('packages-admin.sub_not_started');
}
