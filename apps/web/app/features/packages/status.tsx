/** A subscription's and a visit's state: label and colour. */
import { useTranslation } from 'react-i18next';
import type { PackageVisitStatus, SubscriptionStatus } from '@pool/contracts/packages';
import { StateBadge } from '../orders/index.ts';

const SUBSCRIPTION_COLORS: Record<SubscriptionStatus, string> = {
  pending_payment: 'orange',
  active: 'teal',
  completed: 'blue',
  expired: 'gray',
  cancelled: 'gray',
};

const VISIT_COLORS: Record<PackageVisitStatus, string> = {
  unscheduled: 'orange',
  scheduled: 'blue',
  technician_assigned: 'cyan',
  on_the_way: 'cyan',
  arrived: 'cyan',
  done: 'teal',
  cancelled: 'gray',
};

type Size = 'sm' | 'md' | 'lg';

export function SubscriptionStatusBadge({ status, size = 'md' }: { status: SubscriptionStatus; size?: Size }) {
  const { t } = useTranslation();
  return (
    <StateBadge
      status={status}
      label={t(`packages.status_${status}`)}
      color={SUBSCRIPTION_COLORS[status] ?? 'gray'}
      size={size}
    />
  );
}

export function VisitStatusBadge({ status, size = 'sm' }: { status: PackageVisitStatus; size?: Size }) {
  const { t } = useTranslation();
  return (
    <StateBadge
      status={status}
      label={t(`packages.visit_status_${status}`)}
      color={VISIT_COLORS[status] ?? 'gray'}
      size={size}
    />
  );
}
