/**
 * Encrypted backups (`npm run backup -- FILE --encrypt-to <age public key>`, `npm run restore -- FILE --identity
 * <file or key>`): the finished tar is encrypted to one or more age recipients with `age-encryption` (the age format,
 * age-encryption.org/v1, readable by the `age` command too), streamed, never held in memory. Only an encrypted backup
 * carries `secrets.json` (docs/decisions/0030-operations-hardening.md).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter } from 'age-encryption';

/** Every binary age file starts with this line. */
const AGE_MAGIC = 'age-encryption.org/v1\n';
const SECRET_KEY = /^AGE-SECRET-KEY-(PQ-)?1[0-9A-Z]+$/;

const toWeb = (file: string) => Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>;
const fromWeb = (stream: ReadableStream<Uint8Array>) => Readable.fromWeb(stream as unknown as WebReadableStream<Uint8Array>);

/** An Encrypter for the recipients given; refuses a malformed public key before anything is dumped. */
export function encrypterFor(recipients: string[]): Encrypter {
  const encrypter = new Encrypter();
  for (const recipient of recipients) {
    try {
      encrypter.addRecipient(recipient.trim());
    } catch {
      throw new Error(`--encrypt-to ${recipient.slice(0, 12)}…: not an age public key (age1…)`);
    }
  }
  return encrypter;
}

/** Encrypts `source` into `target` (created 0600, must not exist). */
export async function encryptFile(encrypter: Encrypter, source: string, target: string): Promise<void> {
  const handle = await open(target, 'wx', 0o600);
  await pipeline(fromWeb(await encrypter.encrypt(toWeb(source))), createWriteStream('', { fd: handle.fd, autoClose: false }));
  await handle.sync();
  await handle.close();
}

export async function isEncrypted(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(AGE_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.toString('latin1') === AGE_MAGIC;
  } finally {
    await handle.close();
  }
}

/**
 * The identities of `--identity`: a secret key itself (`AGE-SECRET-KEY-1…`, visible to other users in the process
 * list: prefer a file) or a file holding one or more (age-keygen's format: comments start with `#`).
 */
export async function readIdentities(values: string[]): Promise<string[]> {
  const identities: string[] = [];
  for (const value of values) {
    if (SECRET_KEY.test(value.trim())) {
      identities.push(value.trim());
      continue;
    }
    const text = await readFile(value, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new Error(`--identity ${value}: ${error.code === 'ENOENT' ? 'no such file, and not an age secret key' : error.message}`);
    });
    const keys = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => SECRET_KEY.test(line));
    if (keys.length === 0) throw new Error(`--identity ${value}: the file holds no age secret key (AGE-SECRET-KEY-1…)`);
    identities.push(...keys);
  }
  return identities;
}

/**
 * Decrypts an encrypted backup into a private scratch directory (0700, the file 0600) and answers its path and a
 * clean-up; restore reads the tar twice (checked whole, then put back). Fails clearly when no identity opens it.
 */
export async function decryptToScratch(file: string, identities: string[]): Promise<{ file: string; remove: () => Promise<void> }> {
  if (identities.length === 0) throw new Error('this backup is encrypted: give the identity that opens it, --identity <file or AGE-SECRET-KEY-1…>');
  const decrypter = new Decrypter();
  for (const identity of identities) {
    try {
      decrypter.addIdentity(identity);
    } catch {
      throw new Error('--identity: not a valid age secret key');
    }
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'roomweek-restore-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const plain = path.join(dir, 'backup.tar');
  try {
    const handle = await open(plain, 'wx', 0o600);
    try {
      const stream = await decrypter.decrypt(toWeb(file)).catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(/no identity matched/i.test(message) ? 'the identity given does not open this backup (it was encrypted to another key)' : `cannot decrypt the backup: ${message}`);
      });
      await pipeline(fromWeb(stream), createWriteStream('', { fd: handle.fd, autoClose: false })).catch((error: unknown) => {
        throw new Error(`cannot decrypt the backup (damaged or cut short): ${error instanceof Error ? error.message : String(error)}`);
      });
    } finally {
      await handle.close();
    }
    return { file: plain, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
