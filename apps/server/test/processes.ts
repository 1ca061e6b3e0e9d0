import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));

/** A real server process (`node --import tsx src/server.ts`, as `npm start` runs it), its JSON log kept. */
export interface ServerProcess {
  url: string;
  pid: number;
  /** The log lines (pino JSON) seen so far. */
  log: Array<Record<string, unknown> & { msg?: string }>;
  /** Settles with the exit code (null: killed by a signal). */
  exited: Promise<number | null>;
  /** Waits until a log line's message matches. */
  waitForLog: (pattern: RegExp, timeoutMs?: number) => Promise<Record<string, unknown>>;
  /** Sends SIGTERM and answers the exit code. */
  stop: () => Promise<number | null>;
  kill: () => void;
}

/** Defaults of a test server: fast hashing, no demo data, a port of its own, info logs to read. */
const BASE_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  HOST: '127.0.0.1',
  PORT: '0',
  SEED_DEMO: 'false',
  SCRYPT_LOG_N: '12',
  AUTH_RATE_LIMIT: '100000',
  LOGIN_FAILURE_LIMIT: '100000',
  BOOKING_RATE_LIMIT: '100000',
  MAX_ACTIVE_BOOKINGS_PER_USER: '100000',
  HASH_QUEUE_LIMIT: '1000',
  PUBLIC_URL: 'http://localhost:3000',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'admin-password-for-tests',
};

/** Runs a TypeScript entry point of apps/server (a CLI) to its end; answers its exit code and output. */
export function runScript(entry: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: SERVER_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export async function startServerProcess(env: Record<string, string>, startTimeoutMs = 60_000): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...BASE_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: ServerProcess['log'] = [];
  let stderr = '';
  let pending = '';
  const waiters = new Set<() => void>();
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      try {
        log.push(JSON.parse(line) as ServerProcess['log'][number]);
      } catch {
        log.push({ msg: line });
      }
    }
    for (const wake of waiters) wake();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const output = () => `${log.map((line) => line.msg).join('\n').slice(-3000)}\n${stderr}`;

  const waitForLog = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = () => {
        const found = log.find((line) => typeof line.msg === 'string' && pattern.test(line.msg));
        if (!found) return false;
        cleanup();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no log line matching ${pattern} within ${timeoutMs} ms:\n${output()}`));
      }, timeoutMs);
      const onExit = () => {
        if (!check()) {
          cleanup();
          reject(new Error(`the server exited before logging ${pattern}:\n${output()}`));
        }
      };
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        child.off('exit', onExit);
      };
      const wake = () => void check();
      if (check()) return;
      waiters.add(wake);
      child.once('exit', onExit);
    });

  let url: string;
  try {
    const listening = await waitForLog(/^Server listening at http:\/\/127\.0\.0\.1:\d+$/, startTimeoutMs);
    url = String(listening.msg).replace('Server listening at ', '');
    await waitForLog(/^site ready at /, startTimeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    pid: child.pid!,
    log,
    exited,
    waitForLog,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
