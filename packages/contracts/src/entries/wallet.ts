/** `@pool/contracts/wallet`. The wallet: balance, history, charges and card payments. */
export * from '../wallet.ts';
