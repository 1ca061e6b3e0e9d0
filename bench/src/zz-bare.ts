import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ status: 'ok' }));
await app.ready();
for (let round = 0; round < 3; round++) {
  const c = process.cpuUsage(); const w = performance.now();
  for (let i = 0; i < 5000; i++) await app.inject({ method: 'GET', url: '/' });
  const u = process.cpuUsage(c);
  console.log('bare', ((u.user + u.system) / 5000 / 1000).toFixed(4), 'ms cpu/req', ((performance.now() - w) / 5000).toFixed(4), 'ms wall');
}
