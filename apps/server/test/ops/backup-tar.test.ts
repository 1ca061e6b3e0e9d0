import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readArchive, writeArchive } from '../../src/ops/backup-tar.ts';
import { TAR_END as END, tarEntry as entry } from './tar-entries.ts';

/** Every regular file of the archive, with its bytes, as readArchive hands them. */
async function contentsOf(file: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  await readArchive(file, async (item) => {
    found[item.path] = (await item.concat()).toString('utf8');
  });
  return found;
}

describe('the backup container (tar, read and written with node-tar)', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'roomweek-tar-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('writes names over 100 bytes that it reads back and that `tar -x` unpacks', async () => {
    const source = path.join(work, 'source');
    const long = `uploads/${'a'.repeat(150)}-medium.webp`;
    await mkdir(path.join(source, 'uploads'), { recursive: true });
    await writeFile(path.join(source, 'manifest.json'), '{"m":1}');
    await writeFile(path.join(source, long), 'photo bytes');
    const file = path.join(work, 'long.tar');
    await writeArchive(file, source, ['manifest.json', long]);

    expect(await contentsOf(file)).toEqual({ 'manifest.json': '{"m":1}', [long]: 'photo bytes' });
    const unpacked = path.join(work, 'unpacked');
    await mkdir(unpacked);
    execFileSync('tar', ['-xf', file, '-C', unpacked]);
    expect(await readFile(path.join(unpacked, long), 'utf8')).toBe('photo bytes');
    // An existing file is not overwritten.
    await expect(writeArchive(file, source, ['manifest.json'])).rejects.toThrow(/EEXIST/);
  });

  const hostile: Array<[string, Buffer, RegExp]> = [
    ['a name climbing out', entry({ path: 'uploads/../../etc/passwd' }, Buffer.from('x')), /climbs out of the archive/],
    ['an absolute name', entry({ path: '/etc/passwd' }, Buffer.from('x')), /is an absolute path/],
    ['a symbolic link', entry({ path: 'uploads/a.webp', type: 'SymbolicLink', linkpath: '/etc/passwd' }), /is a SymbolicLink, not a file/],
    ['a hard link', entry({ path: 'uploads/a.webp', type: 'Link', linkpath: 'manifest.json' }), /is a Link, not a file/],
    ['a device', entry({ path: 'uploads/a.webp', type: 'CharacterDevice' }), /is a CharacterDevice, not a file/],
    ['a name held twice', Buffer.concat([entry({ path: 'manifest.json' }, Buffer.from('1')), entry({ path: 'manifest.json' }, Buffer.from('2'))]), /is in it twice/],
  ];
  it.each(hostile)('refuses %s, and hands none of its files to the reader', async (_, bytes, error) => {
    const file = path.join(work, 'hostile.tar');
    await writeFile(file, Buffer.concat([entry({ path: 'first.txt' }, Buffer.from('before')), bytes, END]));
    const seen: string[] = [];
    await expect(
      readArchive(file, async (item) => {
        seen.push(item.path);
        item.resume();
      }),
    ).rejects.toThrow(error);
    expect(seen.filter((name) => name !== 'first.txt' && name !== 'manifest.json')).toEqual([]);
    await rm(file);
  });

  it('refuses an entry larger than what the file holds (cut short), failing its reader too', async () => {
    const file = path.join(work, 'short.tar');
    await writeFile(file, Buffer.concat([entry({ path: 'database/postgres.dump', size: 8 ** 11 - 1 }), Buffer.alloc(4096)]));
    const reads: Array<Promise<unknown>> = [];
    await expect(
      readArchive(file, async (item) => {
        reads.push(item.concat());
        await reads[0];
      }),
    ).rejects.toThrow(/^not a backup file \(.*Truncated/);
    await expect(reads[0]).rejects.toThrow(/Truncated/);
  });

  it('refuses a file that is not a tar, and one whose header is damaged', async () => {
    const text = path.join(work, 'text.tar');
    await writeFile(text, 'something that is no archive at all'.repeat(40));
    await expect(contentsOf(text)).rejects.toThrow(/^not a backup file \(/);
    const damaged = entry({ path: 'manifest.json' }, Buffer.from('{}'));
    damaged[0] = 'x'.charCodeAt(0); // the checksum no longer matches
    await writeFile(text, Buffer.concat([damaged, END]));
    await expect(contentsOf(text)).rejects.toThrow(/not a backup file \(.*checksum/);
  });

  it("stops at the reader's first error", async () => {
    const file = path.join(work, 'three.tar');
    await writeFile(file, Buffer.concat(['a', 'b', 'c'].map((name) => entry({ path: name }, Buffer.from(name))).concat(END)));
    const seen: string[] = [];
    await expect(
      readArchive(file, async (item) => {
        seen.push(item.path);
        if (item.path === 'b') throw new Error('b is refused');
        item.resume();
      }),
    ).rejects.toThrow('b is refused');
    expect(seen).toEqual(['a', 'b']);
  });
});
