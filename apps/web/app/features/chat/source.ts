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

/** The same four routes under each audience's prefix (their schemas are the same). */
const PATHS = {
  user: '/api/user/orders/{id}/chat',
  staff: '/api/staff/orders/{id}/chat',
  admin: '/api/admin/service-orders/{id}/chat',
} as const;

/**
 * The chat of order `orderId` as the customer (`user`), the staff member assigned (`staff`, the staff
 * view's `staff_auth` cookie) or an admin (`admin`, the dashboard's `admin_auth` cookie, Arabic;
 * orders.view reads, orders.edit writes). Calls the API only in the browser (api.client.ts is no
 * module of the server render).
 */
export function chatSource(audience: keyof typeof PATHS, lang: Lang, orderId: number): ChatSource {
  const api = () => browserApi(lang);
  const params = { path: { id: orderId } };
  // The three audiences' routes share their schemas: typed as the customer's.
  const thread = PATHS[audience] as (typeof PATHS)['user'];
  const read = `${thread}/read` as '/api/user/orders/{id}/chat/read';
  const images = `${thread}/images` as '/api/user/orders/{id}/chat/images';
  return {
    load: (query) => api().GET(thread, { params: { ...params, query } }),
    send: (body) => api().POST(thread, { params, body }),
    read: (lastId) => api().POST(read, { params, body: { last_id: lastId } }),
    upload: (form, onProgress) => uploadForm(lang, images, form, onProgress, params.path),
  };
}

/** A service order's chat in the dashboard (Arabic). */
export const adminChatSource = (orderId: number) => chatSource('admin', 'ar', orderId);
/** The chat of an order assigned to the signed-in staff member (the staff view). */
export const staffChatSource = (lang: Lang, orderId: number) => chatSource('staff', lang, orderId);
