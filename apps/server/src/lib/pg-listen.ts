/**
 * A LISTEN on one PostgreSQL channel that survives lost connections (a direct connection of its own,
 * never the pool: LISTEN is session state), or PGlite's own listen/notify for the single-process
 * default. `onConnect` runs after each (re)connection: what was announced meanwhile was missed.
 */
import pg from 'pg';
import { connectionConfig } from '@pool/db';
import type { App } from '../app-type.ts';

const RECONNECT_MS = 2000;

export type ChannelListener = {
  /** Starts listening (once; later calls wait for the same start). */
  start: () => Promise<void>;
  close: () => Promise<void>;
};

export function listenChannel(
  app: App,
  channel: string,
  handlers: { onPayload: (payload: string) => void; onConnect?: () => void },
): ChannelListener {
  let started: Promise<void> | null = null;
  let stop: (() => Promise<void>) | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function listenPostgres() {
    // Never through a pooler in transaction mode: LISTEN lives in the session (DATABASE_DIRECT_URL).
    const url = app.database.directUrl ?? app.database.pool!.options.connectionString!;
    const client = new pg.Client(connectionConfig(url, app.config.databaseTimeouts));
    const restart = (err?: unknown) => {
      if (closed || stop === null) return;
      app.log.warn({ err, channel }, 'listen: the LISTEN connection was lost; reconnecting');
      stop = null;
      started = null;
      client.removeAllListeners();
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      // The reconnection waits a little so that a database that is restarting is not hammered.
      retry = setTimeout(() => void start().catch(() => undefined), RECONNECT_MS);
    };
    client.on('notification', (m) => m.channel === channel && m.payload && handlers.onPayload(m.payload));
    client.on('error', restart);
    client.on('end', () => restart());
    await client.connect();
    await client.query(`listen ${channel}`);
    stop = async () => {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    };
  }

  async function listenPglite() {
    const unlisten = await app.database.pglite!.listen(channel, handlers.onPayload);
    stop = () => unlisten().catch(() => undefined);
  }

  function start() {
    started ??= (app.database.kind === 'postgres' ? listenPostgres() : listenPglite()).then(
      () => handlers.onConnect?.(),
      (err: unknown) => {
        started = null;
        throw err;
      },
    );
    return started;
  }

  return {
    start,
    async close() {
      closed = true;
      clearTimeout(retry);
      await started?.catch(() => undefined);
      await stop?.();
    },
  };
}
