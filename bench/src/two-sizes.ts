import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDataset, type Dataset } from './dataset.ts';
import { generateFirst, generateRest, type Target } from './generate-data.ts';
import { createScratchDatabase } from './scratch-database.ts';

export interface TwoSizes<T> {
  database: 'postgres' | 'pglite';
  data: Dataset;
  small: T;
  large: T;
}

/**
 * A focused bench's run (`--search`, `--reports`): a fresh database with the bench's data — PGlite, or with
 * DATABASE_URL a scratch PostgreSQL database — measured by `measure` at its first size, then topped up with the
 * rest (`rest`, all by default) and measured again; the database is dropped afterwards.
 */
export async function measureAtTwoSizes<T>(
  name: string,
  log: (message: string) => void,
  measure: (target: Target, data: Dataset) => Promise<T>,
  rest: (data: Dataset) => Dataset['restBookings'] = (data) => data.restBookings,
): Promise<TwoSizes<T>> {
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const database = databaseUrl ? 'postgres' : 'pglite';
  const data = buildDataset();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `roomweek-${name}-bench-`));
  const scratch = databaseUrl ? await createScratchDatabase(databaseUrl) : undefined;
  const target: Target = { dataDir, databaseUrl: scratch?.url };
  try {
    log(`${database}: ${data.rooms.length} rooms, ${data.firstBookings.length} bookings`);
    await generateFirst(target, data);
    log(`${name} @ first size`);
    const small = await measure(target, data);
    const restBookings = rest(data);
    log(`topping up to ${(data.firstBookings.length + restBookings.length).toLocaleString('en')} bookings`);
    await generateRest(target, { ...data, restBookings });
    log(`${name} @ full size`);
    const large = await measure(target, data);
    return { database, data, small, large };
  } finally {
    await scratch?.drop().catch((error: unknown) => log(`could not drop the bench database: ${String(error)}`));
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Writes a run's figures to bench/results/<name>-<database>-<time>.json; answers the path to print. */
export async function writeResults(name: string, database: string, report: unknown): Promise<string> {
  const dir = fileURLToPath(new URL('../results/', import.meta.url));
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}-${database}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return `bench/results/${path.basename(file)}`;
}
