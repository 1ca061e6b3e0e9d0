import { fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * PGlite creates a new database (initdb) inside the process that opens it, and keeps a copy of its whole heap while
 * doing so: about 700 MB resident, which WebAssembly memory never gives back. Opening an existing one takes about
 * 180 MB. So the first start creates it in a short-lived child process, whose memory is returned when it exits, and
 * the server then opens it as on any other start (issue 25, docs/deploy.md).
 */
export async function createPgliteDataDirOnce(pgdata: string): Promise<void> {
  if (existsSync(path.join(pgdata, 'PG_VERSION'))) return;
  const compiled = new URL('./pglite-init.js', import.meta.url);
  const entry = compiled.protocol === 'file:' && existsSync(fileURLToPath(compiled)) ? compiled : new URL('./pglite-init.ts', import.meta.url);
  // From the TypeScript sources (tests, `npm run dev`), the child loads them through tsx as its parent does.
  const execArgv = entry === compiled ? [] : ['--import', 'tsx'];
  const child = fork(fileURLToPath(entry), [pgdata], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  if (code !== 0) throw new Error(`creating the embedded database in ${pgdata} failed (${signal ?? `exit code ${code}`})`);
}
