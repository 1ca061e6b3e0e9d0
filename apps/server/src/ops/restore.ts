/**
 * `npm run restore -- FILE`: puts a backup of `npm run backup` back, into an empty DATA_DIR (embedded database) or an
 * empty PostgreSQL database (DATABASE_URL; create it first), with its secrets and photos. Everything is checked
 * before anything is written: the file, that the target is empty, that DATA_DIR holds no other secrets. Photos go to
 * the store UPLOADS names, so a backup of photos on disk can be restored into a bucket. An encrypted backup needs
 * `--identity <file or AGE-SECRET-KEY-1…>` (ops/backup-encryption.ts); it is decrypted into a private scratch file.
 */
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { ReadEntry } from 'tar';
import { loadConfig, type Config } from '../config.ts';
import { createPglite, openDatabase } from '../db/client.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { OperationsRepository } from '../plugins/app/operations/operations-repository.ts';
import { openPhotoStore } from '../plugins/app/uploads/photo-storage.ts';
import { LocalPhotoStore } from '../plugins/app/uploads/photo-store.ts';
import { STORED_FILE } from '../plugins/app/uploads/uploads-service.ts';
import { MANIFEST, parseManifest, PGLITE_ENTRY, POSTGRES_ENTRY, runTool, SECRETS_ENTRY, toolConnection, UPLOADS_PREFIX, type Manifest } from './backup-archive.ts';
import { decryptToScratch, isEncrypted, readIdentities } from './backup-encryption.ts';
import { readArchive } from './backup-tar.ts';

const isEmptyDir = async (dir: string) =>
  readdir(dir).then(
    (names) => names.length === 0,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return true;
      throw error;
    },
  );

/** Entries read into memory whole; a larger one is refused before anything is written. */
const SMALL_ENTRY_BYTES = 1024 * 1024;
/** A stored photo is a WebP of at most 1920 pixels a side (uploads-service.ts): far below this. */
const PHOTO_BYTES = 32 * 1024 * 1024;

/** What a first read of the whole archive learnt: the names it holds, the manifest and the secrets. */
interface ArchiveIndex {
  names: Set<string>;
  manifest: Manifest;
  secrets: Buffer | null;
}

/**
 * The first read, over the whole file before anything is written: the tar is sound (node-tar: checksums, nothing cut
 * short; backup-tar.ts: no link, no absolute or climbing name), the small entries are small, the photos no larger
 * than a photo can be, and the manifest is this site's.
 */
async function indexArchive(file: string): Promise<ArchiveIndex> {
  const names = new Set<string>();
  let manifest: Buffer | null = null;
  let secrets: Buffer | null = null;
  await readArchive(file, async (entry) => {
    names.add(entry.path);
    const small = entry.path === MANIFEST || entry.path === SECRETS_ENTRY;
    const limit = small ? SMALL_ENTRY_BYTES : entry.path.startsWith(UPLOADS_PREFIX) ? PHOTO_BYTES : Infinity;
    if ((entry.size ?? 0) > limit) throw new Error(`not a backup file of this site: ${entry.path} is ${entry.size} bytes`);
    if (!small) return void entry.resume();
    const bytes = await entry.concat();
    if (entry.path === MANIFEST) manifest = bytes;
    else secrets = bytes;
  });
  if (!manifest) throw new Error('not a backup file (no manifest)');
  return { names, manifest: parseManifest(manifest), secrets };
}

/** Refuses, before writing anything, a target that is not empty or a backup that does not fit it. */
async function checkTarget(config: Config, { manifest, names, secrets }: ArchiveIndex): Promise<void> {
  if (manifest.database === 'pglite') {
    if (config.DATABASE_URL) throw new Error('this backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR');
    if (!names.has(PGLITE_ENTRY)) throw new Error('the backup has no database');
    if (!(await isEmptyDir(path.join(config.DATA_DIR, 'pgdata')))) throw new Error(`${path.resolve(config.DATA_DIR, 'pgdata')} is not empty: restore into an empty DATA_DIR`);
  } else {
    if (!config.DATABASE_URL) throw new Error('this backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it into');
    if (!names.has(POSTGRES_ENTRY)) throw new Error('the backup has no database');
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
      if (rows[0]!.n > 0) throw new Error('the database of DATABASE_URL is not empty: restore into a new, empty database');
    } finally {
      await client.end();
    }
  }
  if (secrets) {
    const current = await readFile(path.join(config.DATA_DIR, 'secrets.json')).catch(() => null);
    if (current && !current.equals(secrets)) {
      throw new Error(`${path.resolve(config.DATA_DIR, 'secrets.json')} holds other keys than the backup: restore into an empty DATA_DIR`);
    }
  }
  if (config.UPLOADS === 'local' && !(await isEmptyDir(path.join(config.DATA_DIR, 'uploads')))) {
    throw new Error(`${path.resolve(config.DATA_DIR, 'uploads')} is not empty: restore into an empty DATA_DIR`);
  }
}

/** Puts the database entry back: pg_restore reads it streamed; PGlite opens its data directory from the bytes. */
async function restoreDatabase(config: Config, manifest: Manifest, entry: ReadEntry): Promise<void> {
  if (manifest.database === 'postgres') {
    const connection = toolConnection(config.DATABASE_URL!);
    await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${connection.dbname}`], {
      input: Readable.from(entry),
      env: connection.env,
    });
  } else {
    const bytes = await entry.concat();
    await mkdir(config.DATA_DIR, { recursive: true });
    const release = await lockDataDir(config.DATA_DIR);
    try {
      const pglite = await createPglite(path.join(config.DATA_DIR, 'pgdata'), new Blob([bytes]));
      await pglite.close();
    } finally {
      await release();
    }
  }
}

/** The restored database opens through the app's own driver and has its migrations: their count. */
async function countMigrations(config: Config): Promise<number> {
  const handle = await openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL, poolSize: 1 } : { dataDir: config.DATA_DIR });
  try {
    return (await new OperationsRepository(handle.db).appliedMigrations()).length;
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

/** Checks the whole archive and the target, then a second read puts the database and the photos back. */
async function restoreArchive(file: string, config: Config): Promise<{ manifest: Manifest; migrations: number; photos: number }> {
  const index = await indexArchive(file);
  const { manifest, secrets } = index;
  await checkTarget(config, index);
  const databaseEntry = manifest.database === 'postgres' ? POSTGRES_ENTRY : PGLITE_ENTRY;
  const store = await openPhotoStore(config);
  let photos = 0;
  try {
    await readArchive(file, async (entry) => {
      if (entry.path === databaseEntry) return restoreDatabase(config, manifest, entry);
      const photo = entry.path.startsWith(UPLOADS_PREFIX) ? entry.path.slice(UPLOADS_PREFIX.length) : '';
      if (!STORED_FILE.test(photo)) return void entry.resume();
      await store.put(photo, await entry.concat());
      photos++;
    });
  } finally {
    if (!(store instanceof LocalPhotoStore)) store.close();
  }
  const migrations = await countMigrations(config);
  if (secrets) {
    await mkdir(config.DATA_DIR, { recursive: true });
    await writeFile(path.join(config.DATA_DIR, 'secrets.json'), secrets, { mode: 0o600 });
  }
  return { manifest, migrations, photos };
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
