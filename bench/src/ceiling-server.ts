import Fastify from 'fastify';

/** The ceiling: Fastify with nothing but one route that answers a constant. */
const app = Fastify({ logger: false });
const constant = { status: 'ok' };
app.get('/', async () => constant);
await app.listen({ port: Number(process.env.PORT ?? 3901), host: process.env.HOST ?? '127.0.0.1' });
const close = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', close);
process.once('SIGINT', close);
