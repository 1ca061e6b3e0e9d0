import { chmod, mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * How `npm run backup` gets a consistent copy of the embedded database while the server runs: PGlite lives inside the
 * server process and no second process may open its files, so the server itself dumps it (between two statements)
 * when asked on a Unix socket in a directory only its owner can enter. One request, `dump\n`; the answer is
 * `ok <bytes>\n` and the gzipped tarball, or `error <message>\n`.
 */

/** Unix socket paths are limited to about 107 bytes; past this the server does not offer backups while running. */
const MAX_SOCKET_PATH = 100;

export function backupSocketPath(dataDir: string): string {
  return path.resolve(dataDir, '.backup', 'backup.sock');
}

/** Serves dumps while the server runs; answers how to stop, or null where it cannot (Windows, a very long DATA_DIR). */
export async function serveBackups(dataDir: string, dump: () => Promise<Blob>, log: FastifyBaseLogger): Promise<(() => Promise<void>) | null> {
  const file = backupSocketPath(dataDir);
  if (process.platform === 'win32' || file.length > MAX_SOCKET_PATH) {
    log.warn({ file }, 'backups of the embedded database need the server stopped (no backup socket: path too long or Windows)');
    return null;
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await chmod(path.dirname(file), 0o700);
  await rm(file, { force: true }); // left by a server that did not stop cleanly (we hold the data directory's lock)
  const server = net.createServer((socket) => {
    socket.setTimeout(60_000, () => socket.destroy());
    socket.on('error', () => undefined);
    let request = '';
    socket.on('data', (chunk: Buffer) => {
      request += chunk.toString('utf8');
      if (!request.includes('\n')) {
        if (request.length > 64) socket.destroy();
        return;
      }
      socket.removeAllListeners('data');
      if (request.trim() !== 'dump') {
        socket.end('error unknown request\n');
        return;
      }
      const started = Date.now();
      dump()
        .then(async (blob) => {
          const bytes = Buffer.from(await blob.arrayBuffer());
          log.info({ bytes: bytes.length, ms: Date.now() - started }, 'backup: database dumped');
          socket.write(`ok ${bytes.length}\n`);
          socket.end(bytes);
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'backup: the database could not be dumped');
          socket.end(`error ${error instanceof Error ? error.message.replace(/\n/g, ' ') : 'dump failed'}\n`);
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  await chmod(file, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(file, { force: true });
  };
}

/** Asks the running server for a dump; null when no server listens (then the caller opens the database itself). */
export async function dumpFromServer(dataDir: string): Promise<Buffer | null> {
  const file = backupSocketPath(dataDir);
  return new Promise<Buffer | null>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(file);
    socket.on('connect', () => socket.write('dump\n'));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    socket.on('end', () => {
      const answer = Buffer.concat(chunks);
      const newline = answer.indexOf(0x0a);
      const status = answer.subarray(0, newline < 0 ? answer.length : newline).toString('utf8');
      const ok = /^ok (\d+)$/.exec(status);
      if (!ok) return reject(new Error(`the server could not dump the database: ${status.replace(/^error /, '') || 'no answer'}`));
      const bytes = answer.subarray(newline + 1);
      if (bytes.length !== Number(ok[1])) return reject(new Error('the dump from the server was cut short'));
      resolve(bytes);
    });
  });
}
