import { Header, type HeaderData } from 'tar';

/** One tar entry as a hostile hand would write it: the header node-tar encodes, the body, the padding. */
export function tarEntry(fields: HeaderData, body = Buffer.alloc(0)): Buffer {
  const header = new Header({ mode: 0o600, mtime: new Date(0), type: 'File', ...fields, size: fields.size ?? body.length });
  header.encode();
  return Buffer.concat([header.block!, body, Buffer.alloc((512 - (body.length % 512)) % 512)]);
}

/** A tar's end: two zero blocks. */
export const TAR_END = Buffer.alloc(1024);
