/** One error type with a closed set of keys; the error handler maps it to status and envelope. */
import { KEY_STATUS, type ResponseKey } from '@pool/contracts';

/** A Date is written as a day in the message's language by `{{name, day}}` (i18n translator.ts). */
export type MessageParams = Record<string, string | number | Date>;
export type FieldMessage = { key: string; params?: MessageParams };

export class AppError extends Error {
  readonly status: number;
  readonly key: ResponseKey;
  /** i18n key of the message, e.g. `server.code_invalid`. */
  readonly msgKey: string;
  readonly options: AppErrorOptions;
  constructor(key: ResponseKey, msgKey: string, options: AppErrorOptions = {}) {
    super(msgKey);
    this.name = 'AppError';
    this.key = key;
    this.msgKey = msgKey;
    this.options = options;
    this.status = options.status ?? (options.fields ? 422 : KEY_STATUS[key]);
  }
}

export type AppErrorOptions = {
  status?: number;
  params?: MessageParams;
  /** Returned as `data` (already safe to show). */
  data?: unknown;
  /** Field errors, translated by the handler into `data`. */
  fields?: Record<string, FieldMessage>;
};

/** A 422 with one field error, as a schema failure would give. */
export const fieldError = (field: string, key: string, params?: MessageParams) =>
  new AppError('fail', 'server.validation_failed', { fields: { [field]: { key, params } } });

export const notFound = () => new AppError('notFound', 'server.not_found');
export const forbidden = (msgKey = 'server.forbidden') => new AppError('forbidden', msgKey);
export const tooMany = (msgKey = 'server.too_many_requests', params?: MessageParams) =>
  new AppError('tooManyRequests', msgKey, { params });
