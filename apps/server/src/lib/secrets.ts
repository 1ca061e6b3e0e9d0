import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

interface GeneratedSecrets {
  jwt_secret: string;
  settings_key: string;
}

/**
 * JWT_SECRET and SETTINGS_KEY come from the environment; otherwise they are generated once and kept in
 * DATA_DIR/secrets.json (mode 0600), so tokens and encrypted settings survive a restart.
 */
export async function loadSecrets(dataDir: string, env: { JWT_SECRET?: string; SETTINGS_KEY?: string }) {
  let stored: Partial<GeneratedSecrets> = {};
  const file = path.join(dataDir, 'secrets.json');
  if (!env.JWT_SECRET || !env.SETTINGS_KEY) {
    try {
      stored = JSON.parse(await readFile(file, 'utf8')) as Partial<GeneratedSecrets>;
    } catch {
      stored = {};
    }
    if (!stored.jwt_secret || !stored.settings_key) {
      stored = {
        jwt_secret: stored.jwt_secret ?? randomBytes(32).toString('base64url'),
        settings_key: stored.settings_key ?? randomBytes(32).toString('base64url'),
      };
      await mkdir(dataDir, { recursive: true });
      await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    }
  }
  return {
    jwtSecret: env.JWT_SECRET ?? stored.jwt_secret!,
    settingsKey: env.SETTINGS_KEY ?? stored.settings_key!,
  };
}

/** AES-256-GCM with a key derived from SETTINGS_KEY: `v1:<iv>:<tag>:<ciphertext>`, base64url parts. */
export class SecretBox {
  private readonly key: Buffer;

  constructor(settingsKey: string) {
    this.key = createHash('sha256').update(settingsKey).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split(':');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unreadable sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** What may leave the server of a secret: its last four characters. */
export function maskSecret(value: string | undefined): string {
  if (!value) return '';
  return `••••••••${value.length > 8 ? value.slice(-4) : ''}`;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
