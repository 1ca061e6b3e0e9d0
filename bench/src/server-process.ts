import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface RunningServer {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/** Waits until `url` answers 200, or fails with what the child printed. */
async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms:\n${output()}`);
}

/** Runs node with `args` in its own process, so the load generator never shares its event loop. */
async function start(args: string[], env: Record<string, string>, healthPath: string, port: number): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  // A leftover process on the port would answer in this one's place.
  if (await fetch(url).then(() => true, () => false)) throw new Error(`port ${port} is already in use`);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  try {
    await waitUntilUp(`${url}${healthPath}`, child, () => log);
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await once(child, 'exit');
      clearTimeout(timer);
    },
  };
}

export interface ServerOptions {
  dataDir: string;
  databaseUrl?: string;
  adminPassword: string;
  countQueries?: boolean;
  /** The public read cache (on by default, as in production); off, every read goes to the database. */
  publicCache?: boolean;
  port?: number;
}

/** The product as it runs in production (`npm start`: the compiled server): NODE_ENV=production, no demo data, jobs on. */
export function startServer(options: ServerOptions): Promise<RunningServer> {
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATA_DIR: options.dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000000',
    // The load test books thousands of stays from a few hundred guests: the per-account limits would stop it.
    BOOKING_RATE_LIMIT: '1000000',
    MAX_ACTIVE_BOOKINGS_PER_USER: '1000000',
    MAX_UNPAID_NIGHTS_PER_USER: '100000',
    ADMIN_EMAIL: 'admin@bench.example',
    ADMIN_PASSWORD: options.adminPassword,
    BENCH_COUNT_QUERIES: options.countQueries ? 'true' : 'false',
    DATABASE_URL: options.databaseUrl ?? '',
    ...(options.publicCache === false ? { PUBLIC_CACHE_SECONDS: '0' } : {}),
  };
  return start(['apps/server/dist/server.js'], env, '/api/health', options.port ?? 3900);
}

/** A bare Fastify app with one constant route: the ceiling every endpoint is compared with. */
export function startCeiling(port = 3901): Promise<RunningServer> {
  return start(['--import', 'tsx', 'bench/src/ceiling-server.ts'], {}, '/', port);
}
