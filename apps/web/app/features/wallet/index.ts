/** What other features may use of the wallet (the boundary is checked by .dependency-cruiser.cjs). */
export { signedMoney } from './money.ts';
export { TopUpButton, TopUpSubmit } from './top-up-button.tsx';
