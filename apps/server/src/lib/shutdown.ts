/**
 * Graceful shutdown of a server process (SIGTERM, SIGINT), in this order: readiness answers 503
 * (and every answer closes its connection) for `SHUTDOWN_DRAIN_MS`, so that a load balancer takes
 * the process out; then no new connection is accepted, the open event streams end with a short
 * `retry:` (modules/realtime), the requests in flight finish, the job worker lets its running job
 * end (or releases it), and the database closes. Everything after the drain is bounded by
 * `SHUTDOWN_TIMEOUT_MS`: past it the remaining connections are cut and the process exits with 1.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { App } from '../app-type.ts';

export type ShutdownOptions = {
  signal: string;
  drainMs: number;
  timeoutMs: number;
  /** Closes what the app does not own (the database), last. */
  closeDatabase: () => Promise<void>;
};

/** Runs the shutdown; answers the exit code (0, or 1 when something had to be cut short). */
export async function gracefulShutdown(app: App, options: ShutdownOptions): Promise<number> {
  const { signal, drainMs, timeoutMs } = options;
  const started = Date.now();
  const log = app.log.child({ shutdown: signal });
  let code = 0;

  app.lifecycle.draining = true;
  log.info({ drainMs }, 'shutdown: readiness answers 503; draining');
  if (drainMs > 0) await sleep(drainMs);

  const deadline = Date.now() + timeoutMs;
  const left = () => Math.max(0, deadline - Date.now());
  log.info({ timeoutMs }, 'shutdown: no new connections; ending event streams, waiting for requests in flight');
  // The job worker stops meanwhile: a running job may take as long as the requests.
  const jobs = app.jobs.stop(Math.max(1000, timeoutMs - 2000)).then(
    () => log.info('shutdown: job worker stopped'),
    (err: unknown) => {
      code = 1;
      log.error({ err }, 'shutdown: the job worker did not stop cleanly');
    },
  );
  // The requests in flight may use all but a second of the budget; the rest is for the database.
  const requestsBudget = Math.max(500, timeoutMs - 1000);
  const closing = app.close();
  const closed = await Promise.race([closing.then(() => true), sleep(requestsBudget, false, { ref: false })]);
  if (closed) {
    log.info({ ms: Date.now() - started }, 'shutdown: requests in flight finished; server closed');
  } else {
    code = 1;
    log.warn({ requestsBudget }, 'shutdown: requests still running past the timeout; cutting their connections');
    app.server.closeAllConnections();
    await Promise.race([closing, sleep(left(), undefined, { ref: false })]).catch(() => undefined);
  }
  await Promise.race([jobs, sleep(left(), undefined, { ref: false })]);
  try {
    await Promise.race([
      options.closeDatabase(),
      sleep(left(), undefined, { ref: false }).then(() => {
        throw new Error('the database did not close in time');
      }),
    ]);
    log.info('shutdown: database closed');
  } catch (err) {
    code = 1;
    log.error({ err }, 'shutdown: closing the database failed');
  }
  log.info({ ms: Date.now() - started, code }, 'shutdown: done');
  return code;
}
