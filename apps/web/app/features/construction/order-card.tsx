/** A pool construction order in a list: the picture of its design, number, state, design and sizes, total. */
import { useTranslation } from 'react-i18next';
import type { ConstructionOrderItem } from '@pool/contracts/construction';
import { formatDate, formatMoney, formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { Thumb } from '../cart/index.ts';
import { OrderCardFrame, OrderCardLines } from '../orders/index.ts';
import { ConstructionStatusBadge } from './status.tsx';

const CLOSED = new Set(['cancelled', 'refused']);

export function ConstructionOrderCard({ order }: { order: ConstructionOrderItem }) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const num = (n: number) => formatNumber(lang, n);
  const total = order.total
    ? formatMoney(lang, order.total)
    : t(CLOSED.has(order.status) ? 'orders.ui_no_charge' : 'construction-site.price_coming');
  return (
    <OrderCardFrame
      to={to(`/orders/pool_construction/${order.id}`)}
      picture={<Thumb src={order.snapshot} alt="" size={64} />}
    >
      <OrderCardLines
        number={order.number}
        badge={<ConstructionStatusBadge status={order.status} size="sm" />}
        title={`${order.design_type} · ${t('construction-site.sizes_line', {
          length: num(order.length),
          width: num(order.width),
          depth: num(order.depth),
        })}`}
        note={`${order.city ? `${order.city} · ` : ''}${formatDate(lang, order.created_at)}`}
        total={total}
      />
    </OrderCardFrame>
  );
}
