/**
 * The backup file's container: a POSIX tar written and read with `tar` (node-tar), so an operator can look inside
 * with `tar -tvf` and unpack it with `tar -xf`; names over 100 bytes travel in pax headers. Written and read one file
 * at a time, streamed (a backup may hold gigabytes of photos).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { create, Parser, type ReadEntry } from 'tar';

/**
 * Writes `file` (created 0600, must not exist) holding `names`, each a path relative to `directory` and stored
 * under that same name: regular files only, no owner names, nothing outside `directory`'s tree.
 */
export async function writeArchive(file: string, directory: string, names: string[]): Promise<void> {
  const handle = await open(file, 'wx', 0o600);
  try {
    const pack = create({ cwd: directory, portable: true, strict: true, noDirRecurse: true }, names);
    await pipeline(pack, createWriteStream('', { fd: handle.fd, autoClose: false }));
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** What a backup may hold: regular files (and directories, which are passed over). */
const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);

/** Why an entry is refused, or null: a link or device, a name that is absolute or climbs out with `..`. */
function refusal(entry: ReadEntry): string | null {
  const name = entry.path;
  if (!FILE_TYPES.has(entry.type) && entry.type !== 'Directory') return `${name} is a ${entry.type}, not a file`;
  if (/^([a-zA-Z]:)?[\\/]/.test(name)) return `${name} is an absolute path`;
  if (name.split(/[\\/]/).includes('..')) return `${name} climbs out of the archive (..)`;
  return null;
}

/** A regular file of the archive, handed to a reader: consume `entry` (or `entry.resume()`) before answering. */
export type ArchiveVisitor = (entry: ReadEntry) => Promise<void>;

/**
 * Reads `file` from start to end, handing each regular file to `visit` in turn (the next is not read before the
 * promise settles). Refuses the whole archive — a damaged or cut-short tar, a link, a device, an absolute or
 * climbing name, a name held twice — with an error; the first visitor's error stops the read.
 */
export async function readArchive(file: string, visit: ArchiveVisitor): Promise<void> {
  const seen = new Set<string>();
  let failure: unknown = null;
  let current: ReadEntry | null = null;
  let visits = Promise.resolve();
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry) => {
      const refused = refusal(entry) ?? (seen.has(entry.path) ? `${entry.path} is in it twice` : null);
      seen.add(entry.path);
      if (refused && !failure) failure = new Error(`not a backup file of this site: ${refused}`);
      if (failure || !FILE_TYPES.has(entry.type)) {
        entry.resume();
        return;
      }
      visits = visits.then(async () => {
        if (failure) return void entry.resume();
        current = entry;
        await visit(entry).catch((error: unknown) => {
          failure ??= error;
          entry.resume();
        });
        current = null;
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    const stop = (error: Error) => {
      failure ??= new Error(`not a backup file (${error.message})`);
      current?.destroy(error);
      reject(failure as Error);
    };
    parser.on('error', stop);
    parser.on('end', () => resolve());
    const source = createReadStream(file);
    source.on('error', (error) => reject(error));
    source.pipe(parser as unknown as NodeJS.WritableStream);
  });
  await visits;
  if (failure) throw failure as Error;
}
