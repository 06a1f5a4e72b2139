/** The chat feature's public file: the thread view and its data sources, for the customer's, the dashboard's and the staff's pages. */
export { ChatThreadView, roleLabel } from './chat-thread.tsx';
export { adminChatSource, chatSource, staffChatSource, type ChatSource } from './source.ts';
