/**
 * `npm run backup -- FILE`: a consistent backup of this site into FILE (a tar, mode 0600; it holds password hashes and
 * the keys of the encrypted settings). The database first — PGlite: its data directory, dumped by the running server
 * over its backup socket, or opened here when no server runs; PostgreSQL: `pg_dump --format=custom` (one snapshot) —
 * then DATA_DIR's secrets and, when photos are on disk, the photos: a photo a dumped row lists was written before that
 * row, so it is there. Read the environment like the server does (DATA_DIR, DATABASE_URL, UPLOADS).
 * `--encrypt-to <age public key>` (repeatable) encrypts the file (ops/backup-encryption.ts): only then does it carry
 * DATA_DIR's `secrets.json`, the keys that unlock the data next to them.
 */
import { existsSync } from 'node:fs';
import { chmod, mkdir, open, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Encrypter } from 'age-encryption';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { LocalPhotoStore } from '../plugins/app/uploads/photo-store.ts';
import { STORED_FILE } from '../plugins/app/uploads/uploads-service.ts';
import { MANIFEST, PGLITE_ENTRY, POSTGRES_ENTRY, runTool, SECRETS_ENTRY, toolConnection, UPLOADS_PREFIX, type Manifest } from './backup-archive.ts';
import { encryptFile, encrypterFor } from './backup-encryption.ts';
import { dumpFromServer } from './backup-socket.ts';
import { writeArchive } from './backup-tar.ts';

/** The embedded database's dump: asked of the running server, or taken here when none runs. */
async function dumpPglite(config: Config): Promise<{ bytes: Buffer; from: string }> {
  const fromServer = await dumpFromServer(config.DATA_DIR);
  if (fromServer) return { bytes: fromServer, from: 'the running server' };
  if (!existsSync(path.join(config.DATA_DIR, 'pgdata'))) throw new Error(`no database in ${path.resolve(config.DATA_DIR)} (DATA_DIR)`);
  // No server answers: open the data directory ourselves; its lock refuses if a server has it open after all.
  const handle = await openDatabase({ dataDir: config.DATA_DIR });
  try {
    return { bytes: Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer()), from: 'DATA_DIR (no server running)' };
  } finally {
    await handle.close();
  }
}

async function backup(file: string, config: Config, encrypter: Encrypter | null): Promise<Manifest> {
  const target = path.resolve(file);
  if (existsSync(target)) throw new Error(`${target} already exists`);
  const partial = `${target}.partial`;
  // The archive's entries are gathered here (0700) under their names: the manifest, the database dump, the secrets
  // and `uploads`, a link to the photo folder (its photos are read in place, not copied).
  const staging = `${target}.staging`;
  await rm(partial, { force: true });
  await rm(staging, { recursive: true, force: true });
  await mkdir(path.join(staging, path.dirname(POSTGRES_ENTRY)), { recursive: true, mode: 0o700 });
  await chmod(staging, 0o700);
  try {
    const database: Manifest['database'] = config.DATABASE_URL ? 'postgres' : 'pglite';
    const databaseEntry = config.DATABASE_URL ? POSTGRES_ENTRY : PGLITE_ENTRY;
    const dumped = path.join(staging, databaseEntry);
    if (config.DATABASE_URL) {
      // Created here, 0600, before pg_dump fills it: pg_dump's own file would follow the umask (often world-readable).
      await (await open(dumped, 'wx', 0o600)).close();
      const connection = toolConnection(config.DATABASE_URL);
      await runTool('pg_dump', ['--format=custom', `--file=${dumped}`, `--dbname=${connection.dbname}`], { env: connection.env });
      console.error(`database: pg_dump, ${(await stat(dumped)).size} bytes`);
    } else {
      const dump = await dumpPglite(config);
      await writeFile(dumped, dump.bytes, { flag: 'wx', mode: 0o600 });
      console.error(`database: embedded, ${dump.bytes.length} bytes from ${dump.from}`);
    }

    // Photos in a bucket stay there (the bucket is backed up as a bucket: versioning, replication).
    const store = config.UPLOADS === 'local' ? new LocalPhotoStore(path.join(config.DATA_DIR, 'uploads')) : null;
    const photos = store ? (await store.list()).filter((photo) => STORED_FILE.test(photo.name)) : [];
    // The generated keys travel only inside an encrypted backup: in the clear they would unlock the data beside them.
    const secrets = await readFile(path.join(config.DATA_DIR, 'secrets.json')).catch(() => null);
    const manifest: Manifest = {
      format: 'roomweek-backup',
      version: 1,
      created_at: new Date().toISOString(),
      database,
      photos: store ? 'included' : 'bucket',
      photo_count: photos.length,
      secrets: !secrets ? 'none' : encrypter ? 'included' : 'left_out',
    };
    await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    const entries = [MANIFEST, databaseEntry];
    if (secrets && encrypter) {
      await writeFile(path.join(staging, SECRETS_ENTRY), secrets, { flag: 'wx', mode: 0o600 });
      entries.push(SECRETS_ENTRY);
    }
    if (store) {
      await symlink(path.resolve(store.directory), path.join(staging, UPLOADS_PREFIX.slice(0, -1)), 'dir');
      for (const photo of photos) {
        // A photo deleted since the listing (housekeeping) is left out.
        if (await stat(path.join(store.directory, photo.name)).catch(() => null)) entries.push(`${UPLOADS_PREFIX}${photo.name}`);
      }
    }
    await writeArchive(partial, staging, entries);
    if (encrypter) {
      await encryptFile(encrypter, partial, target);
      await rm(partial, { force: true });
    } else {
      await rename(partial, target);
    }
    return manifest;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

const USAGE = 'usage: npm run backup -- FILE [--encrypt-to <age public key>]…';

async function main() {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options: { 'encrypt-to': { type: 'string', multiple: true } }, allowPositionals: true });
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) throw new Error(USAGE);
  const recipients = parsed.values['encrypt-to'] ?? [];
  // Checked before anything is dumped.
  const encrypter = recipients.length > 0 ? encrypterFor(recipients) : null;
  const manifest = await backup(file, loadConfig(), encrypter);
  const photos = manifest.photos === 'included' ? `${manifest.photo_count} photo files` : 'photos left in the S3 bucket';
  if (manifest.secrets === 'left_out') {
    console.error(
      'secrets.json left out: an unencrypted backup does not carry the keys that unlock its data. Keep a copy of DATA_DIR/secrets.json ' +
        'apart from it, or back up with --encrypt-to <age public key> (docs/deploy.md).',
    );
  }
  const how = encrypter ? `encrypted to ${recipients.length} age recipient${recipients.length > 1 ? 's' : ''}, ` : '';
  console.log(`backup written to ${path.resolve(file)}: ${how}${manifest.database} database, ${photos}${manifest.secrets === 'included' ? ', secrets.json' : ''}`);
}

main().catch((error: unknown) => {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
