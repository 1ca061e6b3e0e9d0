import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseHandle['kind'];
    /** The opened database itself (server.ts serves PGlite backups from it). */
    dbHandle: DatabaseHandle;
  }
}

/** Exposes an opened database to the app and closes it with the app. */
export default fp<{ handle: DatabaseHandle; closeWithApp: boolean }>(
  async (app, { handle, closeWithApp }) => {
    app.decorate('db', handle.db);
    app.decorate('dbKind', handle.kind);
    app.decorate('dbHandle', handle);
    if (closeWithApp) app.addHook('onClose', () => handle.close());
  },
  { name: 'db' },
);
