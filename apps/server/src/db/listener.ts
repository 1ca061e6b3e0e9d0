import pg from 'pg';

export interface ChannelHandlers {
  /** A notification arrived on the channel. */
  notify: (payload: string) => void;
  /** Listening (again): notifications from now on will arrive. Anything sent while not listening was missed. */
  ready: () => void;
  /** Not listening any more (connection lost or refused): notifications may be missed until `ready` again. */
  lost: (error?: unknown) => void;
}

export interface ChannelListener {
  /** Settles once the first attempt to listen has succeeded or failed. */
  started: Promise<void>;
  stop: () => Promise<void>;
}

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;

/**
 * LISTEN on a PostgreSQL channel over a connection of its own (a pooled one would be handed to other queries),
 * reconnecting with a growing delay when the connection drops. `channel` is an identifier of ours, never input.
 */
export function listenOnPostgres(connectionString: string, channel: string, handlers: ChannelHandlers): ChannelListener {
  let current: pg.Client | undefined;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;
  const given = new WeakSet<pg.Client>();

  const giveUp = (client: pg.Client, error?: unknown) => {
    if (given.has(client)) return;
    given.add(client);
    if (current === client) current = undefined;
    client.end().catch(() => undefined);
    if (stopped) return;
    handlers.lost(error);
    timer = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  };

  const connect = async () => {
    if (stopped) return;
    const client = new pg.Client({ connectionString, keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    client.on('error', (error) => giveUp(client, error));
    client.on('end', () => giveUp(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      giveUp(client, error);
      return;
    }
    if (stopped || given.has(client)) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    retryMs = FIRST_RETRY_MS;
    handlers.ready();
  };

  return {
    started: connect(),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      const client = current;
      current = undefined;
      if (client) {
        given.add(client);
        await client.end().catch(() => undefined);
      }
    },
  };
}
