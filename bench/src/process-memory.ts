import { readFileSync } from 'node:fs';

/** Resident memory now and its peak (VmRSS, VmHWM), in MB, of one process (Linux /proc; undefined elsewhere). */
export function residentMemory(pid: number): { rssMb: number; peakMb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) / 1024;
    return { rssMb: Math.round(field('VmRSS')), peakMb: Math.round(field('VmHWM')) };
  } catch {
    return undefined;
  }
}

function children(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/**
 * The process that runs the server under `npm start` (npm → sh → node): the deepest `node` descendant. npm and the
 * shell are not the server and are left out of its memory; a process manager or the image runs node itself.
 */
export function serverProcess(rootPid: number): number | undefined {
  let found: number | undefined;
  const walk = (pid: number) => {
    if (/(^|\/)node(\s|$)/.test(commandLine(pid).split(' ')[0] ?? '')) found = pid;
    for (const child of children(pid)) walk(child);
  };
  walk(rootPid);
  return found;
}

/**
 * Resident memory of every `node` process under `rootPid` together, in MB: the server and any child it runs (the
 * first start's database creation, db/pglite-first-start.ts), which the machine must hold at the same time.
 */
export function nodeTreeResidentMb(rootPid: number): number {
  let total = 0;
  const walk = (pid: number) => {
    if (/(^|\/)node(\s|$)/.test(commandLine(pid).split(' ')[0] ?? '')) total += residentMemory(pid)?.rssMb ?? 0;
    for (const child of children(pid)) walk(child);
  };
  walk(rootPid);
  return total;
}

/** CPU time (user + system) a process has used so far, in ms: steadier than wall time on a busy machine. */
export function cpuMillis(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}
