/** The baseline: a bare Fastify route answering a small JSON envelope, in its own process. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ msg: 'ok', key: 'success', data: { status: 'ok' } }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3901) });
console.log('ready');
