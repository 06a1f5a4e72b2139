/**
 * Starts the server: configuration, then database, migrations, first-start demo data, the API and
 * the site (server.ts). `--dev` serves the site through Vite with hot reload instead of the build;
 * `--api-only` serves the API alone (the mobile apps' backend, fault tests).
 */
import { loadConfigOrExit } from './config.ts';

const config = loadConfigOrExit();
const dev = process.argv.includes('--dev');
// Whether the site's cookies are Secure follows the server's own NODE_ENV (read into `config` above)...
process.env.SITE_SECURE_COOKIES = config.isProduction ? '1' : '0';
// ...while React and the router pick their production code from NODE_ENV when first imported: the built
// site always runs them so (a demo server from `npm start` too), hence server.ts is imported only now.
if (!dev) process.env.NODE_ENV = 'production';
// Traces, when a collector is set (ADR 0025): the SDK must be started before fastify and pg are imported.
if (config.OTEL_EXPORTER_OTLP_ENDPOINT) await (await import('./lib/tracing.ts')).startTracing();
const { startServer } = await import('./server.ts');
await startServer(config, { dev, apiOnly: process.argv.includes('--api-only') });
