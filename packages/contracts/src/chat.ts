/**
 * The chat of a service order (DOMAIN.md "Chat"): one thread per order of a
 * service kind, between the customer, the staff member assigned and the
 * admins who see orders. Text up to 2,000 characters and up to 4 images a
 * message (URLs of images uploaded first), read marks per participant, read-only
 * 14 days after the order ends.
 */
import { z } from 'zod';
import { DB_INT_MAX, V } from './fields.ts';
import type { OrderKind } from './order-machines.ts';

export const CHAT_TEXT_MAX = 2000;
export const CHAT_IMAGES_MAX = 4;
/** Messages a page answers; older ones by `before`. */
export const CHAT_PAGE_SIZE = 30;
/** A thread turns read-only this many days after its order ends (`closed_at`). */
export const CHAT_READ_ONLY_DAYS = 14;
/**
 * A participant whose read mark was touched this recently counts as viewing the thread and is not
 * sent `new_message`; an open chat page touches it every CHAT_HEARTBEAT_SECONDS while visible.
 */
export const CHAT_VIEWING_SECONDS = 45;
export const CHAT_HEARTBEAT_SECONDS = 20;

/** The order kinds that have a chat (never the store). */
export const CHAT_KINDS = [
  'immediate_maintenance',
  'package_subscription',
  'pool_construction',
] as const satisfies readonly OrderKind[];
export type ChatKind = (typeof CHAT_KINDS)[number];
export const isChatKind = (kind: string): kind is ChatKind => (CHAT_KINDS as readonly string[]).includes(kind);

/**
 * The order whose thread an order's chat is: its own for a kind with a chat, its subscription's for a
 * package visit (one thread per subscription, ADR 0018); null for a kind without one (the store).
 */
export const chatOrderId = (order: { id: number; kind: string; parentId: number | null }): number | null =>
  isChatKind(order.kind) ? order.id : order.kind === 'package_visit' ? order.parentId : null;

export const CHAT_ROLES = ['customer', 'staff', 'admin'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** The URL of an image uploaded by the chat's upload route. */
const chatImage = z.string({ error: V.invalid }).trim().min(1, { error: V.invalid }).max(500, { error: V.invalid });

/** A form sends one value as a string, several as a list; JSON sends a list. */
const listOf = (v: unknown) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]);

/** A message: text, images, or both; never neither. */
export const chatMessageBody = z
  .object({
    text: z
      .string({ error: V.invalid })
      .trim()
      .max(CHAT_TEXT_MAX, { error: V.maxChars })
      .optional()
      .transform((v) => v ?? ''),
    images: z.preprocess(
      listOf,
      z.array(chatImage, { error: V.invalid }).max(CHAT_IMAGES_MAX, { error: 'chat.too_many_images' }),
    ),
  })
  .superRefine((b, ctx) => {
    if (!b.text && !b.images.length) ctx.addIssue({ code: 'custom', path: ['text'], message: 'chat.empty_message' });
  });
export type ChatMessageBody = z.infer<typeof chatMessageBody>;

/** `before`: older than this message id; `after`: newer than it (what arrived since), oldest first. */
export const chatThreadQuery = z.object({
  before: z.coerce.number({ error: V.invalid }).int().positive().max(DB_INT_MAX).optional(),
  after: z.coerce.number({ error: V.invalid }).int().min(0).max(DB_INT_MAX).optional(),
});

/** Read up to `last_id` (default: the newest message); also the open page's heartbeat. */
export const chatReadBody = z.object({
  last_id: z.coerce.number({ error: V.invalid }).int().min(0).max(DB_INT_MAX).optional(),
});

export const chatImageItem = z.object({ url: z.string(), thumbnail: z.string() });
export type ChatImage = z.infer<typeof chatImageItem>;

export const chatMessageItem = z.object({
  id: z.number(),
  sender: z.enum(CHAT_ROLES),
  sender_name: z.string(),
  /** Sent by the one asking. */
  mine: z.boolean(),
  text: z.string(),
  images: z.array(chatImageItem),
  created_at: z.string(),
  /** Read by someone other than its sender (the other side). */
  read: z.boolean(),
});
export type ChatMessageItem = z.infer<typeof chatMessageItem>;

export const chatParticipant = z.object({
  role: z.enum(CHAT_ROLES),
  /** The staff member's job (engineer, technician); null for others. */
  job: z.string().nullable(),
  name: z.string(),
  image: z.string().nullable(),
});
export type ChatParticipant = z.infer<typeof chatParticipant>;

export const chatThread = z.object({
  order: z.object({ id: z.number(), number: z.string(), kind: z.enum(CHAT_KINDS), status: z.string() }),
  /** The one asking's role in this thread. */
  me: z.enum(CHAT_ROLES),
  /** Everyone in the thread but the one asking: the customer, the staff assigned, admins who wrote. */
  participants: z.array(chatParticipant),
  /** Newest last. */
  messages: z.array(chatMessageItem),
  /** Older messages exist: ask again with `before` = the first message's id. */
  has_more: z.boolean(),
  /** The newest message the one asking has read. */
  last_read_id: z.number(),
  read_only: z.boolean(),
  /** When the thread turns (or turned) read-only; null while the order is open. */
  read_only_at: z.string().nullable(),
});
export type ChatThread = z.infer<typeof chatThread>;

export const chatSent = z.object({ message: chatMessageItem });
export const chatRead = z.object({ last_read_id: z.number() });
export const chatImageUploaded = chatImageItem;

/** The live `chat` event of the notification streams: something changed in this order's thread. */
export type ChatStreamEvent = { order_id: number; message_id?: number; read?: boolean };
