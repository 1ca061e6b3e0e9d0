import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

/**
 * One backup file (`npm run backup -- FILE`): a tar holding
 *   manifest.json              what it is (below)
 *   database/pgdata.tar.gz     the embedded database's data directory (PGlite's dumpDataDir), or
 *   database/postgres.dump     pg_dump's custom format of the PostgreSQL database
 *   secrets.json               DATA_DIR's generated JWT_SECRET / SETTINGS_KEY, only in an encrypted backup
 *   uploads/<name>.webp        the photos, when they are on disk (UPLOADS=local)
 * With `--encrypt-to`, that tar is encrypted whole in the age format (ops/backup-encryption.ts).
 * docs/decisions/0022-storage-instances-operations.md, 0030-operations-hardening.md.
 */
export const MANIFEST = 'manifest.json';
export const PGLITE_ENTRY = 'database/pgdata.tar.gz';
export const POSTGRES_ENTRY = 'database/postgres.dump';
export const SECRETS_ENTRY = 'secrets.json';
export const UPLOADS_PREFIX = 'uploads/';

export interface Manifest {
  format: 'roomweek-backup';
  version: 1;
  created_at: string;
  database: 'pglite' | 'postgres';
  /** `included`: the photos are in the file; `bucket`: they stay in the S3 bucket (back it up there). */
  photos: 'included' | 'bucket';
  photo_count: number;
  /**
   * DATA_DIR's secrets.json: `included` (only in an encrypted backup), `left_out` (an unencrypted backup: kept apart by
   * the operator), `none` (the instance had none: keys from the environment). Absent in backups made before.
   */
  secrets?: 'included' | 'left_out' | 'none';
}

export function parseManifest(bytes: Buffer): Manifest {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as Partial<Manifest>;
  } catch {
    throw new Error('not a backup file (unreadable manifest)');
  }
  if (manifest.format !== 'roomweek-backup') throw new Error('not a backup file of this site');
  if (manifest.version !== 1) throw new Error(`backup format version ${String(manifest.version)} is not known to this version of the site`);
  if (manifest.database !== 'pglite' && manifest.database !== 'postgres') throw new Error('the backup names no database');
  return manifest as Manifest;
}

/**
 * How a PostgreSQL client tool reaches the database of a connection string without the password on its command line
 * (where `ps` shows it to every user of the machine): the string without its password as `--dbname`, the password
 * in `PGPASSWORD` of the tool's own environment (docs/decisions/0030-operations-hardening.md).
 */
export function toolConnection(databaseUrl: string): { dbname: string; env: Record<string, string> } {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return { dbname: databaseUrl, env: {} }; // a keyword/value string: passed as it is (PostgreSQL's own format)
  }
  let password = url.password ? decodeURIComponent(url.password) : '';
  url.password = '';
  const inQuery = url.searchParams.get('password');
  if (inQuery !== null) {
    password ||= inQuery;
    url.searchParams.delete('password');
  }
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/**
 * Runs a PostgreSQL client tool (pg_dump, pg_restore), optionally feeding it a stream; fails with its error output.
 * Never through a shell; `env` is added to this process's environment for the tool only.
 */
export function runTool(command: string, args: string[], options: { input?: Readable; env?: Record<string, string> } = {}): Promise<void> {
  const { input } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: [input ? 'pipe' : 'ignore', 'ignore', 'pipe'], env: { ...process.env, ...options.env } });
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString('utf8')).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${command} was not found: install the PostgreSQL client tools (the server's major version or newer)`)
          : error,
      ),
    );
    if (input) {
      input.on('error', (error) => {
        child.kill();
        reject(error);
      });
      child.stdin!.on('error', () => undefined); // the tool's own failure is reported by its exit code
      input.pipe(child.stdin!);
    }
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${errors.trim()}`))));
  });
}
