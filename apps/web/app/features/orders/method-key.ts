/** How an order was paid, as a catalogue key: nothing when its total was nothing (a 100 % coupon), else the method. */
export const methodKey = (payment_method: string, total: number) =>
  total === 0 ? 'orders.ui_method_none' : `orders.ui_method_${payment_method}`;
