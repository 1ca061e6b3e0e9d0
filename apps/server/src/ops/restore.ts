/**
 * `npm run restore -- FILE`: puts a backup of `npm run backup` back, into an empty DATA_DIR (embedded database) or an
 * empty PostgreSQL database (DATABASE_URL; create it first), with its secrets and photos. Everything is checked
 * before anything is written: the file, that the target is empty, that DATA_DIR holds no other secrets. Photos go to
 * the store UPLOADS names, so a backup of photos on disk can be restored into a bucket. An encrypted backup needs
 * `--identity <file or AGE-SECRET-KEY-1…>` (ops/backup-encryption.ts); it is decrypted into a private scratch file.
 */
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig, type Config } from '../config.ts';
import { createPglite, openDatabase, queryRows } from '../db/client.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { openPhotoStore } from '../plugins/app/uploads/photo-storage.ts';
import { LocalPhotoStore } from '../plugins/app/uploads/photo-store.ts';
import { STORED_FILE } from '../plugins/app/uploads/uploads-service.ts';
import { MANIFEST, parseManifest, PGLITE_ENTRY, POSTGRES_ENTRY, runTool, SECRETS_ENTRY, toolConnection, UPLOADS_PREFIX, type Manifest } from './backup-archive.ts';
import { decryptToScratch, isEncrypted, readIdentities } from './backup-encryption.ts';
import { TarReader } from './tar.ts';

const isEmptyDir = async (dir: string) =>
  readdir(dir).then(
    (names) => names.length === 0,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return true;
      throw error;
    },
  );

/** Refuses, before writing anything, a target that is not empty or a backup that does not fit it. */
async function checkTarget(config: Config, manifest: Manifest, archive: TarReader): Promise<void> {
  if (manifest.database === 'pglite') {
    if (config.DATABASE_URL) throw new Error('this backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR');
    if (!archive.entries.has(PGLITE_ENTRY)) throw new Error('the backup has no database');
    if (!(await isEmptyDir(path.join(config.DATA_DIR, 'pgdata')))) throw new Error(`${path.resolve(config.DATA_DIR, 'pgdata')} is not empty: restore into an empty DATA_DIR`);
  } else {
    if (!config.DATABASE_URL) throw new Error('this backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it into');
    if (!archive.entries.has(POSTGRES_ENTRY)) throw new Error('the backup has no database');
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
      if (rows[0]!.n > 0) throw new Error('the database of DATABASE_URL is not empty: restore into a new, empty database');
    } finally {
      await client.end();
    }
  }
  if (archive.entries.has(SECRETS_ENTRY)) {
    const current = await readFile(path.join(config.DATA_DIR, 'secrets.json')).catch(() => null);
    if (current && !current.equals(await archive.read(SECRETS_ENTRY))) {
      throw new Error(`${path.resolve(config.DATA_DIR, 'secrets.json')} holds other keys than the backup: restore into an empty DATA_DIR`);
    }
  }
  if (config.UPLOADS === 'local' && !(await isEmptyDir(path.join(config.DATA_DIR, 'uploads')))) {
    throw new Error(`${path.resolve(config.DATA_DIR, 'uploads')} is not empty: restore into an empty DATA_DIR`);
  }
}

async function restoreDatabase(config: Config, manifest: Manifest, archive: TarReader): Promise<number> {
  if (manifest.database === 'postgres') {
    const connection = toolConnection(config.DATABASE_URL!);
    await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${connection.dbname}`], {
      input: archive.stream(POSTGRES_ENTRY),
      env: connection.env,
    });
  } else {
    await mkdir(config.DATA_DIR, { recursive: true });
    const release = await lockDataDir(config.DATA_DIR);
    try {
      const pglite = await createPglite(path.join(config.DATA_DIR, 'pgdata'), new Blob([await archive.read(PGLITE_ENTRY)]));
      await pglite.close();
    } finally {
      await release();
    }
  }
  // Read back through the app's own driver: the restored database opens and has its migrations.
  const handle = await openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL, poolSize: 1 } : { dataDir: config.DATA_DIR });
  try {
    const [row] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from schema_migrations`);
    return row?.n ?? 0;
  } finally {
    await handle.close();
  }
}

async function restore(file: string, config: Config, identities: string[]): Promise<{ manifest: Manifest; migrations: number; photos: number }> {
  const decrypted = (await isEncrypted(path.resolve(file))) ? await decryptToScratch(path.resolve(file), identities) : null;
  try {
    return await restoreArchive(decrypted?.file ?? path.resolve(file), config);
  } finally {
    await decrypted?.remove();
  }
}

async function restoreArchive(file: string, config: Config): Promise<{ manifest: Manifest; migrations: number; photos: number }> {
  const archive = await TarReader.open(file);
  try {
    if (!archive.entries.has(MANIFEST)) throw new Error('not a backup file (no manifest)');
    const manifest = parseManifest(await archive.read(MANIFEST));
    await checkTarget(config, manifest, archive);
    const migrations = await restoreDatabase(config, manifest, archive);
    if (archive.entries.has(SECRETS_ENTRY)) {
      await mkdir(config.DATA_DIR, { recursive: true });
      await writeFile(path.join(config.DATA_DIR, 'secrets.json'), await archive.read(SECRETS_ENTRY), { mode: 0o600 });
    }
    const store = await openPhotoStore(config);
    let photos = 0;
    try {
      for (const name of archive.entries.keys()) {
        const photo = name.startsWith(UPLOADS_PREFIX) ? name.slice(UPLOADS_PREFIX.length) : '';
        if (!STORED_FILE.test(photo)) continue;
        await store.put(photo, await archive.read(name));
        photos++;
      }
    } finally {
      if (!(store instanceof LocalPhotoStore)) store.close();
    }
    return { manifest, migrations, photos };
  } finally {
    await archive.close();
  }
}

const USAGE = 'usage: npm run restore -- FILE [--identity <file or AGE-SECRET-KEY-1…>]…';

async function main() {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options: { identity: { type: 'string', multiple: true } }, allowPositionals: true });
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) throw new Error(USAGE);
  const identities = await readIdentities(parsed.values.identity ?? []);
  const { manifest, migrations, photos } = await restore(file, loadConfig(), identities);
  if (manifest.secrets === 'left_out') {
    console.error(
      'this backup holds no secrets.json (it was not encrypted): put the site\'s DATA_DIR/secrets.json back, or set JWT_SECRET and ' +
        'SETTINGS_KEY, before starting the site — otherwise saved payment keys cannot be read and every session ends.',
    );
  }
  console.log(`restored ${path.resolve(file)} (made ${manifest.created_at}): ${manifest.database} database with ${migrations} migrations, ${photos} photo files`);
}

main().catch((error: unknown) => {
  console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
