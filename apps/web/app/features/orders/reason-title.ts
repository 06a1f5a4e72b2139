/** The heading of an order's reason: a refusal's (by the company) or a cancellation's. */
export const reasonTitle = (status: string | undefined) =>
  status === 'refused' ? 'orders.ui_refuse_reason' : 'orders.ui_cancel_reason';
