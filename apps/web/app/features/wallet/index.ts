/** What other features may use of the wallet (the boundary is checked by .dependency-cruiser.cjs). */
export { signedMoney } from './money.ts';
export { topUpReturnPath, TopUpButton, TopUpOutcome, TopUpSubmit, useWalletChosen } from './top-up-button.tsx';
