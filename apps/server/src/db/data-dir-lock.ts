import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The file that says which process has the embedded database of a DATA_DIR open. */
export const DATA_DIR_LOCK = 'pgdata.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes DATA_DIR's embedded-database lock for this process: PGlite has no lock of its own, and two processes opening
 * the same data directory (a second `npm start`, a backup while the server runs) would corrupt it. A lock left by a
 * process that is gone is taken over. Answers the release.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, DATA_DIR_LOCK);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return async () => {
        // Only our own lock: never remove one another process took over meanwhile.
        const owner = await readFile(file, 'utf8').catch(() => '');
        if (Number(owner.trim()) === process.pid) await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
      throw new Error(
        `The embedded database in ${path.resolve(dataDir)} is open in process ${owner}. Stop that process first ` +
          `(or, if no server uses this DATA_DIR, delete ${file}).`,
      );
    }
    await rm(file, { force: true }); // left by a process that has ended
  }
  throw new Error(`Could not take the lock ${file}`);
}
