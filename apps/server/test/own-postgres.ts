import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The newest installed server binaries (Debian's layout), or PG_BIN. */
function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions[0]) throw new Error('no PostgreSQL server binaries found (set PG_BIN to the directory of initdb and pg_ctl)');
  return path.join(root, versions[0], 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A PostgreSQL server of a test's own (its own data directory and port), to restart and stop under running
 * instances without touching the shared one. PostgreSQL refuses to run as root: as root, its tools run as the
 * `postgres` user (runuser), which owns the data directory. `destroy` stops it and removes everything; it is also
 * done when the test process exits, whatever happened before.
 */
export class OwnPostgres {
  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly bin: string,
  ) {}

  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication, local only). */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get dataDir() {
    return path.join(this.dir, 'data');
  }

  private command(tool: string, args: string[]): [string, string[]] {
    const binary = path.join(this.bin, tool);
    return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  }

  private async tool(tool: string, args: string[], timeoutMs = 60_000): Promise<void> {
    const [file, fileArgs] = this.command(tool, args);
    try {
      await run(file, fileArgs, { timeout: timeoutMs, cwd: this.dir });
    } catch (error) {
      const log = await readFile(path.join(this.dir, 'server.log'), 'utf8').catch(() => '');
      throw new Error(`${tool} ${args[0] ?? ''} failed: ${error instanceof Error ? error.message : String(error)}\n${log.slice(-2000)}`);
    }
  }

  static async start(): Promise<OwnPostgres> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'roomweek-own-pg-'));
    const pg = new OwnPostgres(await freePort(), dir, binDir());
    process.once('exit', () => pg.destroySync());
    try {
      if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
      await pg.tool('initdb', ['-D', pg.dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '--no-instructions']);
      await pg.startServer();
      return pg;
    } catch (error) {
      await pg.destroy();
      throw error;
    }
  }

  /** Starts the server and waits until it accepts connections. */
  async startServer(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
    await this.tool('pg_ctl', ['start', '-D', this.dataDir, '-w', '-t', '60', '-l', path.join(this.dir, 'server.log'), '-o', options]);
  }

  /** A fast shutdown (sessions are ended with 57P01), as an operator's restart or stop does. */
  async stopServer(): Promise<void> {
    await this.tool('pg_ctl', ['stop', '-D', this.dataDir, '-m', 'fast', '-w', '-t', '60']);
  }

  async restart(): Promise<void> {
    await this.stopServer();
    await this.startServer();
  }

  async destroy(): Promise<void> {
    await this.tool('pg_ctl', ['stop', '-D', this.dataDir, '-m', 'immediate', '-w', '-t', '30']).catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
  }

  private destroySync(): void {
    if (!existsSync(this.dir)) return;
    try {
      const [file, args] = this.command('pg_ctl', ['stop', '-D', this.dataDir, '-m', 'immediate', '-w', '-t', '30']);
      execFileSync(file, args, { stdio: 'ignore' });
    } catch {
      /* not running */
    }
    execFileSync('rm', ['-rf', this.dir]);
  }
}
