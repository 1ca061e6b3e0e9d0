import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { retryLater } from './errors.ts';

/** Each hash holds 128 · N · r bytes; with N = 2^17 that is 128 MiB, so only a few may run at once. */
const MAX_CONCURRENT_HASHES = 2;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

async function hashWith(password: string, logN: number, run: <T>(work: () => Promise<T>) => Promise<T>): Promise<string> {
  const salt = randomBytes(16);
  const key = await run(() => derive(password, salt, logN, 8, 1));
  return ['scrypt', logN, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

async function verifyWith(password: string, stored: string, run: <T>(work: () => Promise<T>) => Promise<T>): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await run(() => derive(password, Buffer.from(salt, 'base64'), Number(logN), Number(r), Number(p)));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const direct = <T>(work: () => Promise<T>) => work();

/**
 * The process's password hashing: at most two hashes run at once (memory), and at most `maxWaiting` wait for a slot;
 * one more is refused at once with 503 `busy` and a Retry-After, rather than queued behind a flood
 * (docs/decisions/0014-sessions-and-auth-limits.md).
 */
export class PasswordHasher {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** How long a hash takes here, smoothed: the Retry-After of a refusal is the time the queue needs to drain. */
  private averageMs = 300;

  constructor(private readonly options: { logN: number; maxWaiting: number }) {}

  /** log2 of scrypt's N for new hashes (SCRYPT_LOG_N). */
  get logN(): number {
    return this.options.logN;
  }

  hash(password: string): Promise<string> {
    return hashWith(password, this.options.logN, (work) => this.inSlot(work));
  }

  verify(password: string, stored: string): Promise<boolean> {
    return verifyWith(password, stored, (work) => this.inSlot(work));
  }

  /** Runs `work` in a hashing slot, waiting for one if the queue has room; throws 503 `busy` otherwise. */
  async inSlot<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
      this.release();
    }
  }

  private acquire(): Promise<void> | undefined {
    if (this.running < MAX_CONCURRENT_HASHES) {
      this.running++;
      return undefined;
    }
    if (this.waiting.length >= this.options.maxWaiting) {
      const drainMs = ((this.waiting.length + this.running) / MAX_CONCURRENT_HASHES) * this.averageMs;
      throw retryLater(503, 'busy', 'The server is busy; please try again in a few seconds', drainMs / 1000);
    }
    // The slot is handed over by `release`, so a newcomer can never slip in between.
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}

/** The admin password of a first start without ADMIN_PASSWORD outside production (docs/design-notes.md#first-start): public knowledge. */
export const DEFAULT_ADMIN_PASSWORD = 'admin123';

/** Whether a password is the well-known default one: the admin screens then advise changing it. */
export const isDefaultPassword = (password: string): boolean => password === DEFAULT_ADMIN_PASSWORD;

/**
 * `scrypt$<logN>$<r>$<p>$<salt b64>$<hash b64>`: the parameters travel with the hash, so they can be raised later.
 * Outside any queue: for the first start and tools; requests go through their app's {@link PasswordHasher}.
 */
export function hashPassword(password: string, logN: number): Promise<string> {
  return hashWith(password, logN, direct);
}

export function verifyPassword(password: string, stored: string): Promise<boolean> {
  return verifyWith(password, stored, direct);
}
