/** What other features may use of the cart (the boundary is checked by .dependency-cruiser.cjs). */
export { PriceLines } from './price-lines.tsx';
export { addressText } from './address-text.ts';
export { Thumb } from './thumb.tsx';
export { AddressModal } from './address-modal.tsx';
export { AddressRadios, PaymentMethodControl } from './choices.tsx';
export { PayMarks } from './pay-marks.tsx';
