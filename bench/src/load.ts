import { readFileSync } from 'node:fs';
import autocannon, { type RequestSpec } from 'autocannon';

/** What a browser sends: the answers are compressed as they would be for a visitor. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'fr', accept: 'application/json' };

export interface LoadOptions {
  url: string;
  /** Requests the connections cycle through (path, method, headers, setupRequest…). */
  requests: RequestSpec[];
  connections: number;
  /** Measured seconds, after `warmupSeconds` of the same load that is thrown away. */
  seconds: number;
  warmupSeconds: number;
  /** For slow calls: this many requests instead of a duration, after one warm-up request per connection. */
  amount?: number;
  /** The server's process id: its CPU time over the measured part is reported per request. */
  serverPid?: number;
}

/** CPU time (user + system) a process has used so far, in milliseconds (Linux /proc; undefined elsewhere). */
function cpuMillis(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    // After the command: state is field 3, so utime (14) and stime (15) sit at 11 and 12.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

export interface LoadResult {
  connections: number;
  seconds: number;
  requests: number;
  /** Successful (2xx) answers per second over the measured time. */
  rps: number;
  /** Latency of 2xx answers, in milliseconds. */
  p50: number;
  p97_5: number;
  p99: number;
  mean: number;
  /** Connection errors (timeouts among them) and non-2xx answers. */
  errors: number;
  /** CPU milliseconds the server process spent per answer: steadier than req/s on a busy machine. */
  cpuMsPerRequest?: number;
  statusCodes: Record<string, number>;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** One autocannon run (no pipelining): a warm-up, then the measured part, with sub-millisecond latencies. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const common = { url: options.url, connections: options.connections, pipelining: 1, timeout: 60, headers: BROWSER_HEADERS, requests: options.requests };
  if (options.amount) await autocannon({ ...common, amount: options.connections });
  const instance = autocannon(
    options.amount
      ? { ...common, amount: options.amount }
      : { ...common, duration: options.seconds, warmup: { connections: options.connections, duration: options.warmupSeconds } },
  );
  // The returned tracker reports only the measured part; the warm-up has its own.
  let cpuAtStart = options.amount ? cpuMillis(options.serverPid) : undefined;
  (instance as unknown as NodeJS.EventEmitter).once('start', () => {
    cpuAtStart = cpuMillis(options.serverPid);
  });
  (instance as unknown as NodeJS.EventEmitter).on('response', (_client: unknown, status: number, _bytes: number, time: number) => {
    statusCodes[status] = (statusCodes[status] ?? 0) + 1;
    if (status >= 200 && status < 300) latencies.push(time);
  });
  const result = await instance;
  const cpuAtEnd = cpuMillis(options.serverPid);
  latencies.sort((a, b) => a - b);
  const ok = latencies.length;
  return {
    connections: options.connections,
    seconds: result.duration,
    requests: ok,
    rps: ok / result.duration,
    p50: percentile(latencies, 0.5),
    p97_5: percentile(latencies, 0.975),
    p99: percentile(latencies, 0.99),
    mean: ok ? latencies.reduce((sum, value) => sum + value, 0) / ok : Number.NaN,
    errors: result.errors + result.non2xx,
    statusCodes,
    ...(cpuAtStart !== undefined && cpuAtEnd !== undefined && ok > 0 ? { cpuMsPerRequest: (cpuAtEnd - cpuAtStart) / ok } : {}),
  };
}
