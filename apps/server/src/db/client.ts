import { AsyncLocalStorage } from 'node:async_hooks';
import { readdir, readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { MIGRATIONS_DIR } from '../paths.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { createPgliteDataDirOnce } from './pglite-first-start.ts';
import type { ChannelHandlers, ChannelListener } from './listener.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** LISTENs on a channel for this process (NOTIFY is sent by triggers on commit, from any instance). */
  listen: (channel: string, handlers: ChannelHandlers) => ChannelListener;
  close: () => Promise<void>;
  /** PGlite only: its data directory as a gzipped tarball, taken between statements (ops/backup.ts). */
  dumpDataDir?: () => Promise<Blob>;
}

/** Runs raw SQL on either driver and answers its rows (both drivers' results carry `rows`). */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = await executor.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * The statement counter of the request being served, when BENCH_COUNT_QUERIES is on (plugins/external/query-count.ts);
 * the bench also keeps the statements themselves (`statements`) to EXPLAIN them.
 */
export const queryCounter = new AsyncLocalStorage<{ count: number; statements?: Array<{ query: string; params: unknown[] }> }>();
/** Counts the statements drizzle sends, leaving out transaction control so both drivers count alike. */
const countingLogger = {
  logQuery(query: string, params: unknown[]) {
    const store = queryCounter.getStore();
    if (!store || /^\s*(begin|commit|rollback|savepoint|release)\b/i.test(query)) return;
    store.count++;
    store.statements?.push({ query, params });
  },
};

const DATE_OID = 1082;
/** Arbitrary constant: the advisory lock that serialises migrations and first-start bootstrap across instances. */
export const BOOTSTRAP_LOCK_ID = 4_242_001;

/**
 * PostgreSQL settings of the embedded database, on top of PGlite's own. Its shared buffers live in this process's
 * WebAssembly memory, which never shrinks: PostgreSQL's default 128 MB doubled the server's resident memory (issue 25).
 * 16 MB keeps a small site's hot pages; the rest is read through the operating system's file cache.
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

export async function createPglite(dataDir?: string, loadDataDir?: Blob | File): Promise<PGlite> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // Loaded on demand: a site on PostgreSQL never loads the embedded database (nor the other way round).
  const [{ PGlite }, { btree_gist }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/btree_gist')]);
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    extensions: { btree_gist },
    // Calendar dates stay `YYYY-MM-DD` strings (docs/design-notes.md#dates).
    parsers: { [DATE_OID]: (value: string) => value },
  });
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in `dataDir` (or memory). */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  pglite?: PGlite;
  poolSize?: number;
  countQueries?: boolean;
}): Promise<DatabaseHandle> {
  const logger = options.countQueries ? countingLogger : false;
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }, { listenOnPostgres }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('./listener.ts'),
    ]);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === DATE_OID ? (value: string) => value : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    pool.on('error', () => {
      /* an idle client lost its connection; the pool replaces it */
    });
    // A client checked out (between two statements of a transaction) when the server ends its session emits 'error'
    // with nobody listening, which would end the process; its next statement fails instead, and the error handler
    // answers 503 database_unavailable (docs/decisions/0030-operations-hardening.md).
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const db = drizzlePg(pool, { schema, logger }) as unknown as Database;
    const databaseUrl = options.databaseUrl;
    return {
      db,
      kind: 'postgres',
      listen: (channel, handlers) => listenOnPostgres(databaseUrl, channel, handlers),
      close: () => pool.end(),
    };
  }
  // A data directory on disk is this process's alone while open (db/data-dir-lock.ts).
  let release: () => Promise<void> = async () => undefined;
  if (!options.pglite && options.dataDir) {
    await mkdir(options.dataDir, { recursive: true });
    release = await lockDataDir(options.dataDir);
  }
  let client: PGlite;
  try {
    const pgdata = options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined;
    if (!options.pglite && pgdata) await createPgliteDataDirOnce(pgdata);
    client = options.pglite ?? (await createPglite(pgdata));
  } catch (error) {
    await release();
    throw error;
  }
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const db = drizzlePglite(client, { schema, logger }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    listen: (channel, handlers) => listenOnPglite(client, channel, handlers),
    close: async () => {
      await client.close();
      await release();
    },
    dumpDataDir: () => client.dumpDataDir('gzip'),
  };
}

/** PGlite is in this process: its notifications arrive while the committing statement returns, and never drop. */
function listenOnPglite(client: PGlite, channel: string, handlers: ChannelHandlers): ChannelListener {
  const listening = client.listen(channel, handlers.notify);
  const started = listening.then(
    () => handlers.ready(),
    (error: unknown) => handlers.lost(error),
  );
  return {
    started,
    stop: async () => {
      if (client.closed) return;
      const unlisten = await listening.catch(() => undefined);
      await unlisten?.().catch(() => undefined);
    },
  };
}

/** The migrations this code knows (migrations/NNNN_name.sql), in order: what `migrate` applies and readiness expects. */
export async function migrationNames(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort();
}

/**
 * Applies the numbered SQL files (statements separated by `--> statement-breakpoint`, as drizzle-kit writes them) of migrations/ that this database has not seen, each in its own transaction,
 * under an advisory lock so that instances starting together do not race.
 */
export async function migrate(db: Database): Promise<string[]> {
  const files = await migrationNames();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_ID})`);
    await tx.execute(
      sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`,
    );
    const done = await queryRows<{ name: string }>(tx, sql`select name from schema_migrations`);
    const seen = new Set(done.map((row) => row.name));
    for (const file of files) {
      if (seen.has(file)) continue;
      const text = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.replace(/--.*$/gm, '').trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into schema_migrations (name) values (${file})`);
      applied.push(file);
    }
  });
  return applied;
}
