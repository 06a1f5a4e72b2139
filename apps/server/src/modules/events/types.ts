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
    /** More parameters of the notification texts than the order's number (e.g. `time` of an arrival estimate). */
    params?: NotificationParams;
  };
};

/**
 * Texts' parameters; `context` picks a key's variant (i18next context, e.g. `going_to_client_body_eta`);
 * a number is an instant (ms) for a text's `datetime` format.
 */
export type NotificationParams = Record<string, string | number>;

/**
 * Something happened on an order without a move (an extra service proposed,
 * accepted or rejected): the types named go to their catalogue audience like a
 * move's, through the same subscriber.
 */
export type OrderNoticeEvent = {
  type: 'order.notice';
  payload: Omit<OrderMovedEvent['payload'], 'from' | 'to' | 'actor'>;
};

/** A chat message was sent on a service order (chat module): `new_message` to the participants not viewing it. */
export type ChatMessageEvent = {
  type: 'chat.message';
  payload: {
    order_id: number;
    message_id: number;
    /** The sender's read key (`customer:5`, `staff:3`, `admin:2`): never told of their own message. */
    sender: string;
  };
};

export type DomainEvent = OrderMovedEvent | OrderNoticeEvent | ChatMessageEvent;
