/** The domain events of the outbox: one typed shape per event type. */
import type { NotificationType, OrderActor, OrderKind } from '@pool/contracts';

/** An order was created (`from` null) or moved, with the notifications its declaration names. */
export type OrderMovedEvent = {
  type: 'order.moved';
  payload: {
    order_id: number;
    kind: OrderKind;
    number: string;
    user_id: number;
    staff_id: number | null;
    from: string | null;
    to: string;
    actor: OrderActor;
    notify: NotificationType[];
    notify_admins: NotificationType | null;
  };
};

export type DomainEvent = OrderMovedEvent;
