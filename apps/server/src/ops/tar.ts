import { createReadStream, createWriteStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';

/**
 * The backup file's container: a plain POSIX (ustar) tar, so an operator can look inside with `tar -tvf`. Written
 * and read one file at a time (a backup may hold gigabytes of photos); no dependency for a format this small.
 */

const BLOCK = 512;
const ZERO_BLOCK = Buffer.alloc(BLOCK);
/** Largest size the 11 octal digits hold; beyond, the size field takes GNU's base-256 form. */
const MAX_OCTAL_SIZE = 8 ** 11 - 1;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mtime: Date): Buffer {
  const bytes = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`tar: name too long: ${name}`);
  bytes.write(name, 0, 100, 'utf8');
  bytes.write(octal(0o600, 8), 100, 'ascii');
  bytes.write(octal(0, 8), 108, 'ascii');
  bytes.write(octal(0, 8), 116, 'ascii');
  if (size <= MAX_OCTAL_SIZE) bytes.write(octal(size, 12), 124, 'ascii');
  else {
    bytes[124] = 0x80;
    bytes.writeBigUInt64BE(BigInt(size), 128);
  }
  bytes.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  bytes.write('        ', 148, 'ascii'); // the checksum counts its own field as spaces
  bytes.write('0', 156, 'ascii');
  bytes.write('ustar\u000000', 257, 'binary');
  let sum = 0;
  for (const byte of bytes) sum += byte;
  bytes.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return bytes;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** Writes a tar file entry by entry; `finish` adds the end marker. */
export class TarWriter {
  private constructor(private readonly handle: FileHandle) {}

  static async create(file: string): Promise<TarWriter> {
    return new TarWriter(await open(file, 'wx', 0o600));
  }

  async addBuffer(name: string, bytes: Buffer | Uint8Array, mtime = new Date()): Promise<void> {
    await this.handle.write(header(name, bytes.byteLength, mtime));
    await this.handle.write(bytes);
    await this.handle.write(ZERO_BLOCK.subarray(0, padding(bytes.byteLength)));
  }

  /** Copies a file of `size` bytes (as stat gave it) into the archive. */
  async addFile(name: string, source: string, size: number, mtime = new Date()): Promise<void> {
    await this.handle.write(header(name, size, mtime));
    let written = 0;
    const stream = size > 0 ? createReadStream(source, { start: 0, end: size - 1 }) : Readable.from([]);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const part = chunk.subarray(0, size - written);
      await this.handle.write(part);
      written += part.byteLength;
    }
    if (written !== size) throw new Error(`tar: ${source} changed while it was copied`);
    await this.handle.write(ZERO_BLOCK.subarray(0, padding(size)));
  }

  async finish(): Promise<void> {
    await this.handle.write(Buffer.concat([ZERO_BLOCK, ZERO_BLOCK]));
    await this.handle.sync();
    await this.handle.close();
  }

  async abort(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** Where its bytes start in the file. */
  offset: number;
}

function readSize(field: Buffer): number {
  if ((field[0]! & 0x80) !== 0) return Number(field.readBigUInt64BE(4));
  return parseInt(field.toString('ascii').replace(/\0.*$/s, '').trim() || '0', 8);
}

/** A tar file opened for reading: its entries (regular files only) and each one's bytes. */
export class TarReader {
  private constructor(
    private readonly file: string,
    private readonly handle: FileHandle,
    readonly entries: Map<string, TarEntry>,
  ) {}

  static async open(file: string): Promise<TarReader> {
    const handle = await open(file, 'r');
    try {
      const entries = new Map<string, TarEntry>();
      const { size: total } = await handle.stat();
      let position = 0;
      const block = Buffer.alloc(BLOCK);
      while (position + BLOCK <= total) {
        await handle.read(block, 0, BLOCK, position);
        if (block.equals(ZERO_BLOCK)) break;
        const stored = parseInt(block.toString('ascii', 148, 156).replace(/\0.*$/s, '').trim(), 8);
        let sum = 0;
        for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
        if (stored !== sum) throw new Error('not a backup file (bad tar header)');
        const prefix = block.toString('utf8', 345, 500).replace(/\0.*$/s, '');
        const base = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
        const name = prefix ? `${prefix}/${base}` : base;
        const size = readSize(block.subarray(124, 136));
        const type = String.fromCharCode(block[156]!);
        const offset = position + BLOCK;
        if (offset + size > total) throw new Error('the backup file is cut short');
        if ((type === '0' || type === '\0') && !name.split('/').includes('..') && !name.startsWith('/')) entries.set(name, { name, size, offset });
        position = offset + size + padding(size);
      }
      return new TarReader(file, handle, entries);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async read(name: string): Promise<Buffer> {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`the backup has no ${name}`);
    const bytes = Buffer.alloc(entry.size);
    if (entry.size) await this.handle.read(bytes, 0, entry.size, entry.offset);
    return bytes;
  }

  stream(name: string): Readable {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`the backup has no ${name}`);
    if (entry.size === 0) return Readable.from([]);
    return createReadStream(this.file, { start: entry.offset, end: entry.offset + entry.size - 1 });
  }

  async extract(name: string, destination: string): Promise<void> {
    await pipeline(this.stream(name), createWriteStream(destination, { flags: 'wx', mode: 0o600 }));
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
