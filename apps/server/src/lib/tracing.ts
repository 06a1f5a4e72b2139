/**
 * OpenTelemetry traces (ADR 0025), only when OTEL_EXPORTER_OTLP_ENDPOINT is set: main.ts imports this
 * module then, and before the server's modules (fastify, pg), so that their instrumentation can
 * patch them as they load. Spans of incoming and outgoing HTTP, of Fastify's hooks and handlers
 * (@fastify/otel) and of PostgreSQL queries go in batches over OTLP/HTTP to
 * `$OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces`. The SDK reads its other settings from the environment
 * (OTEL_SERVICE_NAME, OTEL_BSP_SCHEDULE_DELAY, OTEL_TRACES_SAMPLER, OTEL_EXPORTER_OTLP_HEADERS…).
 */
import type { IncomingMessage } from 'node:http';

/** Scrapes are not traced. */
const UNTRACED = new Set(['/metrics']);

export async function startTracing(): Promise<{ shutdown: () => Promise<void> }> {
  // No ESM loader hook is needed: fastify, pg and pg-pool are CommonJS, loaded (from our ES modules
  // too) through `require`, which the instrumentations patch (tracing.test.ts sees their spans).
  const [{ NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }, { PgInstrumentation }, fastifyOtel] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@fastify/otel'),
    ]);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'pool-server',
    traceExporter: new OTLPTraceExporter(),
    // Traces only: no OTel metrics (Prometheus has them) and no OTel logs (pino writes them).
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req: IncomingMessage) => UNTRACED.has((req.url ?? '').split('?')[0]!),
      }),
      new PgInstrumentation({ requireParentSpan: true }),
      new fastifyOtel.FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: (route: { url: string }) => UNTRACED.has(route.url),
      }),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
