import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { productionNodeFlags } from '../../../../scripts/node-flags.mjs';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../src/db/client.ts';
import { createPgliteDataDirOnce } from '../../src/db/pglite-first-start.ts';

const ROOT = new URL('../../../../', import.meta.url);

describe('the production start (issue 25)', () => {
  it('gives node bounded heap limits, the same in npm start and in the image', () => {
    const flags = productionNodeFlags();
    expect(flags).toEqual(expect.arrayContaining([expect.stringMatching(/^--max-old-space-size=\d+$/), expect.stringMatching(/^--max-semi-space-size=\d+$/)]));
    const dockerfile = readFileSync(new URL('Dockerfile', ROOT), 'utf8');
    const command = /^CMD \[(.*)\]$/m.exec(dockerfile)?.[1];
    expect(command && JSON.parse(`[${command}]`)).toEqual(['node', ...flags, 'apps/server/dist/server.js']);
  });

  describe('a first start on the embedded database', () => {
    let dataDir: string | undefined;
    afterEach(() => {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('creates the database in a child process (the server never holds initdb), then opens it as any start does', async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'roomweek-first-start-'));
      const pgdata = path.join(dataDir, 'pgdata');
      await createPgliteDataDirOnce(pgdata);
      expect(existsSync(path.join(pgdata, 'PG_VERSION'))).toBe(true);
      const handle = await openDatabase({ dataDir });
      try {
        const [row] = await queryRows<{ ok: number }>(handle.db, sql`select 1 as ok`);
        expect(row?.ok).toBe(1);
      } finally {
        await handle.close();
      }
    }, 120_000);

    it('fails clearly when the folder cannot hold a database', async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'roomweek-first-start-'));
      const file = path.join(dataDir, 'not-a-folder');
      writeFileSync(file, 'x');
      await expect(createPgliteDataDirOnce(path.join(file, 'pgdata'))).rejects.toThrow(/creating the embedded database/);
    }, 120_000);
  });
});
