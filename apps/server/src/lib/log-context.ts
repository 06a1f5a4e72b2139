/**
 * Request and job ids on every log line (issue 14). Fastify's request logger (`req.log`) carries
 * `reqId`; code that logs with the app's logger (`app.log`) while it serves a request or runs a job
 * gets the request's `reqId`, or the job's `job` and `jobId`, from the async context, added by
 * the logger's mixin to the app logger's own lines only (a request logger has its id already).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What is running: a request (its id) or a job (its queue's name and id). */
export type LogScope = { readonly id: string } | { readonly job: string; readonly jobId: string };

const scope = new AsyncLocalStorage<LogScope>();

/** Runs `fn` with `current` as the log scope of everything it starts. */
export const runInLogScope = <T>(current: LogScope, fn: () => T): T => scope.run(current, fn);

/** Nothing to add (pino's default merge strategy writes into the object: this one is never returned to it). */
const NOTHING = {};

/** The logger's `mixin` and `mixinMergeStrategy`: `root` is the app's logger, known once it exists. */
export function logScopeMixin(root: () => unknown) {
  return {
    mixin(_merge: object, _level: number, logger: unknown): object {
      if (logger !== root()) return NOTHING;
      const current = scope.getStore();
      if (!current) return NOTHING;
      return 'id' in current ? { reqId: current.id } : { job: current.job, jobId: current.jobId };
    },
    mixinMergeStrategy(merge: object, mixin: object): object {
      return mixin === NOTHING ? merge : Object.assign(mixin, merge);
    },
  };
}

/** A request id given by the client or a proxy in front (`x-request-id`): 1-128 of [A-Za-z0-9._-]. */
export const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Fastify's `genReqId`: the incoming `x-request-id` when valid, else a new UUID. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}
