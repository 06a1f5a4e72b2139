/**
 * Where a chat thread's data comes from and goes to. The thread component takes one of these, so
 * the customer's page, the dashboard's order page and the staff view show the same thread
 * through their own API paths (`/api/user/orders/{id}/chat`, `/api/admin/service-orders/{id}/chat`,
 * `/api/staff/orders/{id}/chat`).
 */
import type { ChatImage, ChatMessageItem, ChatThread } from '@pool/contracts/chat';
import { browserApi, uploadForm } from '../../lib/api.client.ts';
import type { Answer } from '../../lib/envelope.ts';
import type { Lang } from '../../lib/lang.ts';

export type ChatSource = {
  /** The thread: the newest page, older than `before`, or newer than `after`. */
  load: (q: { before?: number; after?: number }) => Promise<Answer<ChatThread | null>>;
  send: (body: { text: string; images: string[] }) => Promise<Answer<{ message: ChatMessageItem } | null>>;
  /** Read up to `lastId`; also says "I am viewing" (no `new_message` meanwhile). */
  read: (lastId: number) => Promise<Answer<unknown>>;
  upload: (form: FormData, onProgress: (percent: number) => void) => Promise<Answer<ChatImage | null>>;
};

// Each source calls the API only in the browser (api.client.ts is no module of the server render).

/** The customer's own order chat. */
export function customerChatSource(lang: Lang, orderId: number): ChatSource {
  const api = () => browserApi(lang);
  const path = { id: orderId };
  return {
    load: (query) => api().GET('/api/user/orders/{id}/chat', { params: { path, query } }),
    send: (body) => api().POST('/api/user/orders/{id}/chat', { params: { path }, body }),
    read: (lastId) => api().POST('/api/user/orders/{id}/chat/read', { params: { path }, body: { last_id: lastId } }),
    upload: (form, onProgress) => uploadForm(lang, '/api/user/orders/{id}/chat/images', form, onProgress, path),
  };
}

/** The chat of an order assigned to the signed-in staff member (the staff view; its `staff_auth` cookie). */
export function staffChatSource(lang: Lang, orderId: number): ChatSource {
  const api = () => browserApi(lang);
  const path = { id: orderId };
  return {
    load: (query) => api().GET('/api/staff/orders/{id}/chat', { params: { path, query } }),
    send: (body) => api().POST('/api/staff/orders/{id}/chat', { params: { path }, body }),
    read: (lastId) => api().POST('/api/staff/orders/{id}/chat/read', { params: { path }, body: { last_id: lastId } }),
    upload: (form, onProgress) => uploadForm(lang, '/api/staff/orders/{id}/chat/images', form, onProgress, path),
  };
}

/** A service order's chat in the dashboard (Arabic; the `admin_auth` cookie; orders.view reads, orders.edit writes). */
export function adminChatSource(orderId: number): ChatSource {
  const api = () => browserApi('ar');
  const path = { id: orderId };
  return {
    load: (query) => api().GET('/api/admin/service-orders/{id}/chat', { params: { path, query } }),
    send: (body) => api().POST('/api/admin/service-orders/{id}/chat', { params: { path }, body }),
    read: (lastId) =>
      api().POST('/api/admin/service-orders/{id}/chat/read', { params: { path }, body: { last_id: lastId } }),
    upload: (form, onProgress) =>
      uploadForm('ar', '/api/admin/service-orders/{id}/chat/images', form, onProgress, path),
  };
}
