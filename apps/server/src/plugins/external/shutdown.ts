import fp from 'fastify-plugin';
import type { ErrorResponse } from '@roomweek/contract';

declare module 'fastify' {
  interface FastifyInstance {
    shutdown: ShutdownState;
  }
}

/** Whether this instance is stopping: set by SIGTERM (server.ts) or when the app starts closing. */
export class ShutdownState {
  #begun = false;

  get begun(): boolean {
    return this.#begun;
  }

  begin(): void {
    this.#begun = true;
  }
}

/**
 * Once shutdown begins, a request that arrives is refused with 503 `shutting_down` (and `Connection: close`, so its
 * client reconnects, to another instance behind a load balancer), /api/ready with it; answers of requests already in
 * flight are sent with `Connection: close` so keep-alive connections end with them. Fastify's own 503 on closing is
 * off (app.ts) so the refusal keeps the `{detail, code}` shape.
 */
export default fp(
  async (app) => {
    const state = new ShutdownState();
    app.decorate('shutdown', state);
    app.addHook('onRequest', async (_request, reply) => {
      if (!state.begun) return;
      const body: ErrorResponse = { detail: 'The server is shutting down; please try again', code: 'shutting_down' };
      return reply.code(503).header('connection', 'close').header('retry-after', '2').send(body);
    });
    app.addHook('onSend', async (_request, reply) => {
      if (state.begun) void reply.header('connection', 'close');
    });
    app.addHook('preClose', async () => state.begin());
  },
  { name: 'shutdown' },
);
