import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One e-mail as the SMTP server received it, decoded enough to check what a reader would see. */
export interface ReceivedEmail {
  from: string;
  to: string[];
  raw: string;
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  /** The files it carries (a part with a file name), decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** How the server answers: accept, refuse for now (4xx, the sender must retry), refuse for good (5xx). */
export type SmtpMode = 'accept' | 'tempfail' | 'reject';

/**
 * A real SMTP server (the smtp-server package) on 127.0.0.1, on a random port, that keeps what it receives.
 * `stop()` / `start()` take it off the network and back on the same port, like an outage.
 */
export class SmtpSink {
  readonly received: ReceivedEmail[] = [];
  mode: SmtpMode = 'accept';
  private server!: SMTPServer;
  port = 0;

  static async start(): Promise<SmtpSink> {
    const sink = new SmtpSink();
    await sink.start();
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.mode === 'tempfail') return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
          if (this.mode === 'reject') return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
          const raw = Buffer.concat(chunks).toString('utf8');
          const mailFrom = session.envelope.mailFrom;
          this.received.push({
            from: mailFrom ? mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            ...parseMime(raw),
            raw,
          });
          callback();
        });
      },
    });
    this.server.on('error', () => {
      /* a client that goes away mid-session is not the test's concern */
    });
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => {
        this.port = (this.server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), adjacent ones joined. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_whole, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i++) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHeaders(part: string): { headers: Record<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBytes(headers: Record<string, string>, body: string): Buffer {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return Buffer.from(decodeQuotedPrintable(body), 'utf8');
  return Buffer.from(body, 'utf8');
}

/**
 * Enough MIME for what nodemailer writes: multipart/alternative (text and HTML), inside a multipart/mixed when files
 * are attached.
 */
function parseMime(raw: string): Pick<ReceivedEmail, 'headers' | 'subject' | 'text' | 'html' | 'attachments'> {
  const { headers, body } = splitHeaders(raw);
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) decoded[name] = decodeWords(value);
  const found: Pick<ReceivedEmail, 'text' | 'html' | 'attachments'> = { text: '', html: '', attachments: [] };
  walk(headers, body, found);
  return { headers: decoded, subject: decoded.subject ?? '', ...found };
}

function walk(headers: Record<string, string>, body: string, found: Pick<ReceivedEmail, 'text' | 'html' | 'attachments'>): void {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1, -1)) {
      const section = splitHeaders(part.replace(/^\r?\n/, ''));
      walk(section.headers, section.body, found);
    }
    return;
  }
  const filename = /filename="?([^";]+)"?/i.exec(headers['content-disposition'] ?? '')?.[1];
  if (filename) {
    found.attachments.push({ filename: decodeWords(filename), contentType: type.split(';')[0]!.trim(), content: decodeBytes(headers, body) });
    return;
  }
  const content = decodeBytes(headers, body).toString('utf8').replace(/\r\n/g, '\n').replace(/\n$/, '');
  if (type.startsWith('text/html')) found.html = content;
  else if (type.startsWith('text/plain')) found.text = content;
}
