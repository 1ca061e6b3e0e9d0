import fp from 'fastify-plugin';
import { queryCounter } from '../../db/client.ts';

/**
 * Bench aid, on only with BENCH_COUNT_QUERIES: each request runs in its own statement counter and answers the
 * count in `x-query-count`, so the benchmark can show that no call's query count grows with its rows (no N+1).
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', (_request, _reply, done) => queryCounter.run({ count: 0 }, done));
    app.addHook('onSend', async (_request, reply, payload) => {
      const counter = queryCounter.getStore();
      if (counter) reply.header('x-query-count', String(counter.count));
      return payload;
    });
  },
  { name: 'query-count' },
);
