import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPglite, migrate, openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * PGlite's initdb costs seconds; a migrated database dumped once and loaded per test file costs a fraction.
 * Each file still gets a database of its own.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'roomweek-template-'));
  const file = path.join(dir, 'template.tar');
  if (process.env.TEST_DB !== 'pg') {
    const pglite = await createPglite();
    const handle = await openDatabase({ pglite });
    await migrate(handle.db);
    const dump = await pglite.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    await pglite.close();
  }
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
