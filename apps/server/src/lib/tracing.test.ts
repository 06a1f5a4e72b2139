/**
 * OpenTelemetry traces (issue 14, ADR 0025): a server process with OTEL_EXPORTER_OTLP_ENDPOINT sends
 * the spans of a request (HTTP, Fastify, PostgreSQL) to an OTLP/HTTP receiver, here a tiny one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@pool/db/testing';
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import { until } from '../testing/until.ts';

type ExportedSpan = { name: string; traceId: string; attributes?: { key: string; value: { stringValue?: string } }[] };
type TraceExport = {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { scope: { name: string }; spans: ExportedSpan[] }[];
  }[];
};

describe('traces', () => {
  let database: TestDatabase;
  let server: ServerProcess | undefined;
  let receiver: Server;
  const exports: TraceExport[] = [];
  let otherPosts = 0;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/v1/traces') {
          exports.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as TraceExport);
        } else otherPosts++;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    database = await createTestDatabase();
    server = await startServerProcess(database.url, {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_BSP_SCHEDULE_DELAY: '200',
      OTEL_SERVICE_NAME: 'pool-trace-test',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it("sends a request's spans (HTTP, Fastify, PostgreSQL) to the OTLP endpoint", async () => {
    const res = await fetch(`${server!.base}/api/user/countries`, { headers: { 'x-request-id': 'traced-1' } });
    expect(res.status).toBe(200);
    const spans = () =>
      exports.flatMap((e) =>
        e.resourceSpans.flatMap((r) =>
          r.scopeSpans.flatMap((s) =>
            s.spans.map((span) => ({ ...span, scope: s.scope.name, service: r.resource.attributes })),
          ),
        ),
      );
    const ofRequest = () => {
      const incoming = spans().find(
        (s) =>
          s.scope === '@opentelemetry/instrumentation-http' &&
          s.attributes?.some((a) => String(a.value.stringValue ?? '').includes('/api/user/countries')),
      );
      return incoming ? spans().filter((s) => s.traceId === incoming.traceId) : [];
    };
    await until(async () => ofRequest().some((s) => s.scope === '@opentelemetry/instrumentation-pg'), 15_000);
    const scopes = new Set(ofRequest().map((s) => s.scope));
    expect(scopes).toEqual(
      new Set(['@opentelemetry/instrumentation-http', '@fastify/otel', '@opentelemetry/instrumentation-pg']),
    );
    const service = spans()[0]!.service.find((a) => a.key === 'service.name');
    expect(service?.value.stringValue).toBe('pool-trace-test');
    // The route's pattern is on the request's spans; the queries are there with their SQL, never their values.
    const route = (s: ExportedSpan) => s.attributes?.find((a) => a.key === 'http.route')?.value.stringValue;
    expect(ofRequest().some((s) => s.scope === '@fastify/otel' && route(s) === '/api/user/countries')).toBe(true);
    const queries = ofRequest().filter((s) => s.name.startsWith('pg.query'));
    expect(queries.length).toBeGreaterThan(0);
    expect(JSON.stringify(queries)).not.toContain('db.query.parameter');
    // Traces only: no OTel metrics or logs are sent.
    expect(otherPosts).toBe(0);
    expect(server!.alive()).toBe(true);
  }, 40_000);
});
