import { randomUUID } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolConnection } from '../../src/ops/backup-archive.ts';
import { createEmptyPostgres, usePostgres } from '../helper.ts';
import { runScript } from '../processes.ts';

/** A stand-in for a PostgreSQL client tool: records its arguments, its PGPASSWORD and the mode of its --file. */
const recordingTool = (name: string, body: string) => `#!/bin/sh
out="$RECORD_DIR/${name}"
file=""
for arg in "$@"; do case "$arg" in --file=*) file="\${arg#--file=}";; esac; done
printf '%s\\n' "$@" > "$out.args"
printf '%s' "\${PGPASSWORD-}" > "$out.password"
if [ -n "$file" ]; then stat -c %a "$file" > "$out.mode"; fi
${body}
`;

describe('the database password never on a client tool’s command line', () => {
  it('toolConnection moves the password of a connection string into PGPASSWORD', () => {
    expect(toolConnection('postgres://site:s3cr%40t%2Fx@db.example:5433/rooms?sslmode=require')).toEqual({
      dbname: 'postgres://site@db.example:5433/rooms?sslmode=require',
      env: { PGPASSWORD: 's3cr@t/x' },
    });
    expect(toolConnection('postgresql://site@db/rooms?password=p%20w&application_name=b')).toEqual({
      dbname: 'postgresql://site@db/rooms?application_name=b',
      env: { PGPASSWORD: 'p w' },
    });
    expect(toolConnection('postgres://site@db/rooms')).toEqual({ dbname: 'postgres://site@db/rooms', env: {} });
  });

  describe('npm run backup / restore with pg_dump and pg_restore on PATH', () => {
    let work: string;
    let bin: string;
    let records: string;
    const password = `pw-${randomUUID().slice(0, 8)}@!`;
    let emptyDb: Awaited<ReturnType<typeof createEmptyPostgres>> | undefined;

    beforeAll(async () => {
      work = await mkdtemp(path.join(os.tmpdir(), 'roomweek-credentials-'));
      bin = path.join(work, 'bin');
      records = path.join(work, 'records');
      await mkdir(bin);
      await mkdir(records);
      // pg_dump writes a few bytes into the file it was given; pg_restore swallows its input and stops the restore.
      await writeFile(path.join(bin, 'pg_dump'), recordingTool('pg_dump', `printf 'PGDMP-fake' > "$file"`));
      await writeFile(path.join(bin, 'pg_restore'), recordingTool('pg_restore', `cat > /dev/null; echo 'stopped by the test' >&2; exit 1`));
      await chmod(path.join(bin, 'pg_dump'), 0o755);
      await chmod(path.join(bin, 'pg_restore'), 0o755);
    });
    afterAll(async () => {
      await emptyDb?.drop();
      await rm(work, { recursive: true, force: true });
    });

    const env = (databaseUrl: string) => ({
      DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: databaseUrl,
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      RECORD_DIR: records,
      PGPASSWORD: '',
    });

    it('pg_dump gets PGPASSWORD, not the password in its arguments, and writes into a file only its user can read', async () => {
      const url = `postgres://site:${encodeURIComponent(password)}@127.0.0.1:1/rooms`;
      const file = path.join(work, 'site.backup.tar');
      const result = await runScript('src/ops/backup.ts', [file], env(url));
      expect(result.stderr).toMatch(/pg_dump, 10 bytes/);
      expect(result.code).toBe(0);
      const args = await readFile(path.join(records, 'pg_dump.args'), 'utf8');
      expect(args).not.toContain(password);
      expect(args).not.toContain(encodeURIComponent(password));
      expect(args).toContain('--dbname=postgres://site@127.0.0.1:1/rooms');
      expect(await readFile(path.join(records, 'pg_dump.password'), 'utf8')).toBe(password);
      expect((await readFile(path.join(records, 'pg_dump.mode'), 'utf8')).trim()).toBe('600');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    });

    it.runIf(usePostgres)('pg_restore gets PGPASSWORD too', async () => {
      emptyDb = await createEmptyPostgres('rw_credentials');
      // The test server trusts local connections, so the password is carried but not needed to connect.
      const url = new URL(emptyDb.url);
      url.password = encodeURIComponent(password);
      const result = await runScript('src/ops/restore.ts', [path.join(work, 'site.backup.tar')], { ...env(url.toString()), DATA_DIR: path.join(work, 'target') });
      expect(result.stderr).toMatch(/pg_restore failed \(exit 1\): stopped by the test/);
      const args = await readFile(path.join(records, 'pg_restore.args'), 'utf8');
      expect(args).not.toContain(password);
      expect(args).not.toContain(encodeURIComponent(password));
      expect(await readFile(path.join(records, 'pg_restore.password'), 'utf8')).toBe(password);
    });
  });
});
