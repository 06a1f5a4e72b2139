/**
 * The deployment files (compose.yaml, Dockerfile, deploy/Caddyfile, .env.example; docs/deploy.md) read
 * as Docker Compose, Docker and Caddy would read them, checked against the server's own configuration
 * schema: no Docker daemon is needed (this machine has none).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../apps/server/src/config.ts';
import { JEMALLOC_CONF, SERVER_ENTRY, SERVER_NODE_FLAGS, mallocEnv } from '../apps/server/src/runtime.ts';

const root = resolve(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

type Healthcheck = { test?: string[] | string; disable?: boolean };
type Service = {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: Healthcheck;
  depends_on?: Record<string, { condition: string }>;
  networks?: string[];
  ports?: string[];
  volumes?: string[];
  restart?: string;
  read_only?: boolean;
  stop_grace_period?: string;
};
type Compose = { services: Record<string, Service>; networks: Record<string, { internal?: boolean } | null> };

/** `.env` syntax: NAME=value lines; comments and blank lines ignored. */
function parseDotenv(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) vars[match[1]!] = match[2]!;
  }
  return vars;
}

/** Compose's interpolation: ${X}, ${X:-default}, ${X-default}, ${X:?error}, ${X?error}, and $$ for a `$`. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g,
    (whole, name?: string, op?: string, arg?: string) => {
      if (whole === '$$') return '$';
      const set = name! in vars;
      const value = vars[name!];
      const empty = !set || (op?.startsWith(':') && value === '');
      if (op === ':-' || op === '-') return (op === ':-' ? empty : !set) ? arg! : value!;
      if (op === ':?' || op === '?') {
        if (op === ':?' ? empty : !set) throw new Error(`required variable ${name} is missing: ${arg}`);
        return value!;
      }
      return value ?? '';
    },
  );
}

function loadCompose(vars: Record<string, string>): Compose {
  const raw = parse(read('compose.yaml'), { merge: true }) as unknown;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return interpolate(node, vars);
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    }
    return node;
  };
  return walk(raw) as Compose;
}

/** The final stage of the Dockerfile: its instructions, continuation lines joined. */
function finalStage(dockerfile: string) {
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const from = lines.findLastIndex((l) => /^FROM\s/i.test(l));
  return lines.slice(from);
}

const seconds = (duration: string) => {
  const match = /^(\d+)(s|m)$/.exec(duration);
  if (!match) throw new Error(`unexpected duration ${duration}`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
};

const example = parseDotenv(read('.env.example'));
const compose = loadCompose(example);
const services = compose.services;
const dockerfile = finalStage(read('Dockerfile'));
/** The image's ENV pairs (NAME=value or NAME="a value with spaces"). */
const imageEnv = Object.fromEntries(
  dockerfile
    .filter((l) => l.startsWith('ENV '))
    .flatMap((l) => [...l.slice(4).matchAll(/([A-Z][A-Z0-9_]*)=("[^"]*"|\S+)/g)])
    .map(([, name, value]) => [name!, value!.replace(/^"(.*)"$/, '$1')]),
);
/** The app replicas: services running the app's image with its default command (the server). */
const replicas = Object.entries(services).filter(
  ([, s]) => s.image === services['app-1']?.image && s.build && s.command === undefined,
);
const appEnv = { ...imageEnv, ...services['app-1']!.environment };
const caddyfile = read('deploy/Caddyfile');

describe('deployment: compose.yaml, Dockerfile, Caddyfile and .env.example', () => {
  it('the replicas environment, filled from .env.example, passes the server configuration in production', () => {
    const config = loadConfig(appEnv);
    expect(config.isProduction).toBe(true);
    expect(config.DATABASE_URL).toMatch(/^postgres:\/\/pool:[^@]+@postgres:5432\/pool$/);
    expect(config.REDIS_URL).toBe('redis://redis:6379');
    expect(config.STORAGE_DRIVER).toBe('s3');
    expect(config.S3_ENDPOINT).toBe('http://minio:9000');
    expect(config.PAYMENT_DRIVER).toBe('moyasar');
    expect(config.SMS_DRIVER).toBe('taqnyat');
    expect(config.PUBLIC_URL).toBe('https://localhost');
    expect(config.SEED_DEMO).toBe(false);
    // The one-shot migrate step runs with the very same settings.
    expect(services.migrate!.environment).toEqual(services['app-1']!.environment);
  });

  it('a secret left out of .env stops compose (and the server refuses the sandbox drivers anyway)', () => {
    for (const secret of ['OTP_SECRET', 'ADMIN_PASSWORD', 'PAYMENT_WEBHOOK_SECRET', 'POSTGRES_PASSWORD']) {
      const { [secret]: _left, ...rest } = example;
      expect(() => loadCompose(rest), secret).toThrow(`required variable ${secret} is missing`);
    }
    expect(() => loadConfig({ ...appEnv, PAYMENT_DRIVER: 'sandbox' })).toThrow(/sandbox driver is not allowed/);
  });

  it('two app replicas from one image, behind the proxy only, waiting for the migrate step', () => {
    expect(replicas.map(([name]) => name)).toEqual(['app-1', 'app-2']);
    for (const [, replica] of replicas) {
      expect(replica.environment).toEqual(services['app-1']!.environment);
      expect(replica.ports).toBeUndefined();
      expect(replica.read_only).toBe(true);
      expect(replica.depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
      expect(replica.depends_on?.['minio-init']).toEqual({ condition: 'service_completed_successfully' });
    }
    expect(services.migrate!.command).toEqual(['node', 'scripts/migrate.ts']);
    expect(services.migrate!.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
    expect(dockerfile).toContain('COPY --from=deps /out ./');
    expect(read('Dockerfile')).toContain('cp -a scripts/migrate.ts /out/scripts/');
  });

  it('the proxy balances across both replicas with health checks, unbuffered, trusted as the one hop', () => {
    const upstreams = /reverse_proxy\s+([^{]+)\{/.exec(caddyfile)![1]!.trim().split(/\s+/).sort();
    const port = loadConfig(appEnv).PORT;
    expect(upstreams).toEqual(replicas.map(([name]) => `${name}:${port}`).sort());
    expect(caddyfile).toMatch(/^\s*health_uri \/api\/ready$/m);
    expect(caddyfile).toMatch(/^\s*flush_interval -1$/m);
    const proxy = services.proxy!;
    expect(proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(proxy.ports).toEqual(expect.arrayContaining(['443:443', '80:80']));
    // Exactly one proxy publishes ports, and the app trusts exactly one X-Forwarded-For hop.
    expect(Object.entries(services).filter(([, s]) => s.ports?.length)).toHaveLength(1);
    expect(loadConfig(appEnv).TRUST_PROXY_HOPS).toBe(1);
    for (const [name] of replicas) {
      expect(proxy.depends_on?.[name]).toEqual({ condition: 'service_healthy' });
      expect(services[name]!.networks).toEqual(expect.arrayContaining(proxy.networks!));
    }
  });

  it('every long-running service has a health check; the app asks /api/ready on its port', () => {
    const running = Object.entries(services).filter(([, s]) => s.restart !== 'no');
    expect(running.map(([name]) => name).sort()).toEqual(['app-1', 'app-2', 'minio', 'postgres', 'proxy', 'redis']);
    for (const [name, service] of running) {
      expect(service.healthcheck?.test, name).toBeDefined();
      expect(service.healthcheck?.disable, name).toBeUndefined();
    }
    const port = loadConfig(appEnv).PORT;
    const check = [services['app-1']!.healthcheck!.test].flat().join(' ');
    expect(check).toContain(`http://127.0.0.1:${port}/api/ready`);
    const imageCheck = dockerfile.find((l) => l.startsWith('HEALTHCHECK'));
    expect(imageCheck).toContain('/api/ready');
    expect(dockerfile).toContain(`EXPOSE ${port}`);
  });

  it('the image runs as a non-root user, in production, the server with Node itself', () => {
    const users = dockerfile.filter((l) => l.startsWith('USER '));
    expect(users).toEqual(['USER node']);
    expect(dockerfile.indexOf('USER node')).toBeLessThan(dockerfile.findIndex((l) => l.startsWith('CMD ')));
    expect(imageEnv.NODE_ENV).toBe('production');
    expect(dockerfile.at(-1)).toBe(`CMD ["node", "${SERVER_ENTRY}"]`);
  });

  it('every launcher starts the compiled server with the same flags and malloc settings (runtime.ts)', () => {
    expect(imageEnv.NODE_OPTIONS?.split(' ')).toEqual([...SERVER_NODE_FLAGS]);
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    // `npm start` builds first when the build is stale, then both become the server (scripts/start-server.ts).
    expect(scripts.start).toBe('node scripts/build-when-stale.ts && node scripts/start-server.ts');
    expect(scripts['start:prod']).toBe('NODE_ENV=production node scripts/start-server.ts');
    // The image installs jemalloc and preloads it with the settings a host that has it gets.
    const jemalloc = mallocEnv('/usr/local/lib/libjemalloc.so.2');
    expect(jemalloc.MALLOC_CONF).toBe(JEMALLOC_CONF);
    for (const [key, value] of Object.entries(jemalloc)) expect(imageEnv[key], key).toBe(value);
    expect(read('Dockerfile')).toMatch(/apt-get install -y --no-install-recommends libjemalloc2/);
  });

  it('the malloc settings: glibc with two arenas, jemalloc preloaded where the host has it', () => {
    expect(mallocEnv(null)).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(mallocEnv('/usr/lib/x86_64-linux-gnu/libjemalloc.so.2')).toEqual({
      MALLOC_ARENA_MAX: '2',
      LD_PRELOAD: '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
      MALLOC_CONF: JEMALLOC_CONF,
    });
  });

  it('a replica is given longer to stop than the server drains and waits for requests in flight', () => {
    const config = loadConfig(appEnv);
    const needed = (config.shutdownDrainMs + config.SHUTDOWN_TIMEOUT_MS) / 1000;
    for (const [name, replica] of replicas) {
      expect(seconds(replica.stop_grace_period!), name).toBeGreaterThan(needed);
    }
    // Caddy sees a draining replica (503 from /api/ready) before the drain ends.
    const interval = seconds(/health_interval (\S+)/.exec(caddyfile)![1]!);
    expect(interval * 1000).toBeLessThan(config.shutdownDrainMs);
  });

  it('PostgreSQL archives its WAL to a volume of its own; the data services are not reachable from outside', () => {
    const pg = services.postgres!;
    expect(pg.image).toMatch(/^postgres:17/);
    expect(pg.command).toEqual(expect.arrayContaining(['archive_mode=on', 'wal_level=replica']));
    expect(pg.command).toContain('archive_command=sh /etc/pool-postgres/archive-wal.sh %p %f');
    expect(pg.volumes).toEqual(expect.arrayContaining(['pg-wal-archive:/wal-archive', 'pg-backups:/backups']));
    for (const name of ['postgres', 'redis', 'minio']) {
      expect(services[name]!.networks, name).toEqual(['backend']);
      expect(services[name]!.ports, name).toBeUndefined();
    }
    expect(compose.networks.backend?.internal).toBe(true);
  });

  it('.dockerignore keeps dependencies, local data, builds, git and secrets out of the build', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['**/node_modules', 'data', '**/build', '.git', '.env', 'test-results']) {
      expect(ignored, entry).toContain(entry);
    }
  });
});
