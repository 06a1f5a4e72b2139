/** The refund of a cancelled or refused paid order (any kind), as its pages show it. */
import { z } from 'zod';

export const REFUND_TARGETS = ['wallet', 'card'] as const;
export type RefundTarget = (typeof REFUND_TARGETS)[number];

export const orderRefund = z.object({
  amount: z.number().describe('halalas refunded (or due, while pending)'),
  to: z.enum(REFUND_TARGETS).describe('where it goes: the wallet or the card paid with'),
  /** Due but not settled yet (a card refund in progress). */
  pending: z.boolean(),
  refunded_at: z.string().nullable().describe('when it was made; null while pending'),
});
export type OrderRefund = z.infer<typeof orderRefund>;
