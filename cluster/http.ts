/**
 * HTTP for the cluster test's clients: each client has its own loopback address (127.x.y.z), so
 * HAProxy tells the app processes a distinct visitor (X-Forwarded-For) and the per-address rate
 * limits see each one apart, as they would see real visitors. Plus a server-sent events client
 * that reconnects by itself and resumes with `Last-Event-ID`, as a browser's EventSource does.
 */
import { sseFields } from '../apps/server/src/modules/realtime/testing.ts';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';

export type Answer = {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The parsed `{ msg, key, data }` envelope (null when the body is not JSON). */
  body: { key?: string; msg?: string; data?: unknown } | null;
};

export type Call = {
  token?: string;
  json?: unknown;
  multipart?: { field: string; filename: string; type: string; data: Buffer };
  headers?: Record<string, string>;
  lang?: 'ar' | 'en';
  timeoutMs?: number;
};

/** One client (a visitor's browser, a phone) at its own address. */
export class Client {
  readonly base: URL;
  readonly ip: string;
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 8 });

  constructor(base: string, ip: string) {
    this.base = new URL(base);
    this.ip = ip;
  }

  /** A request; rejects on a network error (refused, reset, timed out). */
  call(method: string, path: string, o: Call = {}): Promise<Answer> {
    const headers: Record<string, string> = { lang: o.lang ?? 'ar', ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let payload: Buffer | undefined;
    if (o.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = Buffer.from(JSON.stringify(o.json));
    } else if (o.multipart) {
      const boundary = `----cluster${Math.random().toString(16).slice(2)}`;
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
      const m = o.multipart;
      payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${m.field}"; filename="${m.filename}"\r\nContent-Type: ${m.type}\r\n\r\n`,
        ),
        m.data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    }
    if (payload) headers['content-length'] = String(payload.length);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: this.base.hostname,
          port: this.base.port,
          path,
          method,
          headers,
          agent: this.agent,
          localAddress: this.ip,
          timeout: o.timeoutMs ?? 20_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            let body: Answer['body'] = null;
            if (String(res.headers['content-type']).includes('json')) {
              try {
                body = JSON.parse(text) as Answer['body'];
              } catch {
                body = null;
              }
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** A GET that follows redirects (at most 3), as a browser opening a link. */
  async page(path: string, o: Call = {}): Promise<Answer & { path: string }> {
    let at = path;
    for (let hops = 0; ; hops++) {
      const a = await this.call('GET', at, { ...o, headers: { accept: 'text/html', ...o.headers } });
      const location = a.headers.location;
      if (hops < 3 && [301, 302, 303, 307, 308].includes(a.status) && location) {
        at = new URL(location, this.base).pathname + new URL(location, this.base).search;
        continue;
      }
      return { ...a, path: at };
    }
  }

  /** Raw bytes of a GET (an uploaded file). */
  bytes(path: string): Promise<{ status: number; type: string; data: Buffer }> {
    return new Promise((resolve, reject) => {
      const req = request(
        { host: this.base.hostname, port: this.base.port, path, agent: this.agent, localAddress: this.ip },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              type: String(res.headers['content-type']),
              data: Buffer.concat(chunks),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  close() {
    this.agent.destroy();
  }
}

export type SseNotice = { id: number; at: number; servedBy: string; connection: number; type?: string };

/**
 * A live notifications stream that stays open: on an end or an error it reconnects after the
 * stream's `retry:` delay with `Last-Event-ID` set to the last id it received (EventSource's rules).
 * Keeps every `notification` event's id, duplicates included, and which process served each connection.
 */
export class SseSubscriber {
  readonly notices: SseNotice[] = [];
  /** Processes (HAProxy's server names) that served a connection of this stream, in order. */
  readonly servedBy: string[] = [];
  /** The Last-Event-ID each of those connections was opened with. */
  readonly resumedFrom: (string | null)[] = [];
  connects = 0;
  /** Connections that ended without the client asking (a killed process, a cut). */
  drops = 0;
  lastEventId: string | null = null;
  private retryMs = 3000;
  private stopped = false;
  private current: { destroy: () => void } | null = null;
  private ready: Promise<void>;
  private markReady!: () => void;
  private readonly agent = new Agent({ keepAlive: false });

  private readonly base: URL;
  private readonly ip: string;
  private readonly path: string;
  private readonly token: string;

  constructor(base: URL, ip: string, path: string, token: string) {
    this.base = base;
    this.ip = ip;
    this.path = path;
    this.token = token;
    this.ready = new Promise((r) => (this.markReady = r));
    void this.loop();
  }

  /** Resolves once the first connection said `ready` (it is listening). */
  opened() {
    return this.ready;
  }

  private async loop() {
    while (!this.stopped) {
      await this.connect().catch(() => undefined);
      if (this.stopped) return;
      this.drops++;
      await new Promise((r) => setTimeout(r, this.retryMs));
    }
  }

  private connect() {
    return new Promise<void>((resolve, reject) => {
      const headers: Record<string, string> = { accept: 'text/event-stream', authorization: `Bearer ${this.token}` };
      const resumeFrom = this.lastEventId;
      if (resumeFrom) headers['last-event-id'] = resumeFrom;
      const req = request(
        {
          host: this.base.hostname,
          port: this.base.port,
          path: this.path,
          headers,
          agent: this.agent,
          localAddress: this.ip,
        },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            res.on('end', () => reject(new Error(`stream answered ${res.statusCode}`)));
            return;
          }
          this.connects++;
          const servedBy = String(res.headers['x-served-by'] ?? '?');
          this.servedBy.push(servedBy);
          this.resumedFrom.push(resumeFrom);
          let buffer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffer += chunk;
            let cut;
            while ((cut = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2);
              const fields = sseFields(block);
              if (fields.retry) this.retryMs = Number(fields.retry);
              if (fields.id !== undefined) this.lastEventId = fields.id;
              if (fields.event === 'ready') this.markReady();
              if (fields.event === 'notification') {
                const data = JSON.parse(fields.data ?? '{}') as { id?: number; type?: string };
                this.notices.push({
                  id: Number(fields.id ?? data.id),
                  at: Date.now(),
                  servedBy,
                  connection: this.connects,
                  type: data.type,
                });
              }
            }
          });
          res.on('end', () => resolve());
          res.on('error', () => resolve());
          res.on('close', () => resolve());
        },
      );
      this.current = req;
      req.on('error', reject);
      req.end();
    });
  }

  stop() {
    this.stopped = true;
    this.current?.destroy();
    this.agent.destroy();
  }
}
