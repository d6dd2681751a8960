import Fastify from 'fastify';

// The reference: a bare Fastify route on the same machine and core as the app.
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
