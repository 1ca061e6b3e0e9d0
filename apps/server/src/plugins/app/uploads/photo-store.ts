import { access, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A photo never changes under its name (a new upload gets a new random name). */
export const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A file of the store: its name (`<base>.webp`, `<base>-medium.webp`, `<base>-thumb.webp`) and when it was last written (ms). */
export interface StoredFile {
  name: string;
  writtenAt: number;
}

/** A photo read from a store for `/uploads/*`: the bytes as a stream, or "unchanged" for a matching ETag. */
export type PhotoRead =
  | { status: 200; body: Readable; length?: number; etag?: string; lastModified?: Date }
  | { status: 304; etag?: string }
  | { status: 404 };

/**
 * Where photo files live: DATA_DIR/uploads on this machine, or a bucket every instance shares
 * (docs/decisions/0022-storage-instances-operations.md). Names are ours only (checked by the caller): no paths.
 */
export interface PhotoStore {
  readonly kind: 'local' | 's3';
  put(name: string, bytes: Buffer): Promise<void>;
  exists(name: string): Promise<boolean>;
  /** The file's bytes, or null when there is none (to make a missing medium size from its picture). */
  get(name: string): Promise<Buffer | null>;
  /** Deletes these files; one already gone is no error. */
  delete(names: string[]): Promise<void>;
  /** Every file of the store, with when it was written. */
  list(): Promise<StoredFile[]>;
}

/** DATA_DIR/uploads: served by @fastify/static (plugins/external/web.ts). */
export class LocalPhotoStore implements PhotoStore {
  readonly kind = 'local';

  constructor(readonly directory: string) {}

  async put(name: string, bytes: Buffer): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    await writeFile(path.join(this.directory, name), bytes);
  }

  exists(name: string): Promise<boolean> {
    return access(path.join(this.directory, name)).then(
      () => true,
      () => false,
    );
  }

  get(name: string): Promise<Buffer | null> {
    return readFile(path.join(this.directory, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
  }

  async delete(names: string[]): Promise<void> {
    for (const name of names) await rm(path.join(this.directory, name), { force: true });
  }

  async list(): Promise<StoredFile[]> {
    const names = await readdir(this.directory).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    const files: StoredFile[] = [];
    for (const name of names) {
      const written = await stat(path.join(this.directory, name)).then(
        (info) => (info.isFile() ? info.mtimeMs : null),
        () => Number.POSITIVE_INFINITY, // gone meanwhile, or unreadable: too new to delete this time
      );
      if (written !== null) files.push({ name, writtenAt: written });
    }
    return files;
  }
}
