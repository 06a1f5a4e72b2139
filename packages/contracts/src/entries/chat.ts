/** `@pool/contracts/chat`. The chat of a service order: messages, read marks, the thread. */
export * from '../chat.ts';
