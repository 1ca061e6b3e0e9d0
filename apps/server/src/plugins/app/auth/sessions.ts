import type { SessionInfo } from '@roomweek/contract';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import type { SignedIn } from './signed-in.ts';
import { SessionsRepository, type SessionRow } from './sessions-repository.ts';
import { UsersRepository, type UserRow } from './users-repository.ts';

/** A device's last_seen_at moves at most this often (per instance), so a signed-in request rarely costs a write. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;
/** Tokens remembered as touched; past it the memory starts again (a few extra writes, never a wrong answer). */
const TOUCHED_MAX = 10_000;
const USER_AGENT_MAX = 300;

/** "Firefox 128 · Linux": enough to recognise one's own device, from the User-Agent header. */
export function browserOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const names: Record<string, string> = { Edg: 'Edge', OPR: 'Opera', CriOS: 'Chrome', FxiOS: 'Firefox' };
  // In this order: Edge and Opera also say Chrome, Chrome also says Safari.
  const other = ['Edg', 'OPR', 'FxiOS', 'CriOS', 'Firefox', 'Chrome']
    .map((name) => new RegExp(`\\b(${name})\\/(\\d+)`).exec(userAgent))
    .find((match) => match !== null);
  const safari = /\bVersion\/(\d+)[^ ]* .*\bSafari\//.exec(userAgent);
  const browser = other ? `${names[other[1]!] ?? other[1]} ${other[2]}` : safari ? `Safari ${safari[1]}` : userAgent.slice(0, 60);
  const system = /\b(Windows|Android|iPhone|iPad|Mac OS X|CrOS|Linux)\b/.exec(userAgent)?.[1];
  const systemName = system === 'Mac OS X' ? 'macOS' : system === 'CrOS' ? 'ChromeOS' : system;
  return systemName ? `${browser} · ${systemName}` : browser;
}

/**
 * Signed-in devices (docs/decisions/0034-two-factor-and-sessions.md): a row per token, written when the token is first
 * seen; listing and ending them. Signing out everywhere else is AuthService's (a new token version).
 */
export class Sessions {
  private readonly repository: SessionsRepository;
  private readonly touched = new Map<string, number>();

  constructor(private readonly db: Database) {
    this.repository = new SessionsRepository(db);
  }

  /** A token was just issued: its device is listed from now on (its address and browser once it is first used). */
  async issued(user: UserRow, token: { jti: string; expiresAt: Date }): Promise<void> {
    await this.repository.insert({ jti: token.jti, userId: user.id, expiresAt: token.expiresAt, tokenVersion: user.tokenVersion });
  }

  /** Called for every signed-in request; writes at most every 5 minutes per token and instance. */
  async seen(signedIn: SignedIn, ip: string, userAgent: string | undefined): Promise<void> {
    const now = Date.now();
    const last = this.touched.get(signedIn.jti);
    if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
    if (this.touched.size >= TOUCHED_MAX) this.touched.clear();
    this.touched.set(signedIn.jti, now);
    await this.repository.touch({
      jti: signedIn.jti,
      userId: signedIn.user.id,
      expiresAt: signedIn.expiresAt,
      tokenVersion: signedIn.user.tokenVersion,
      ip,
      userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
    });
  }

  async list(signedIn: SignedIn): Promise<SessionInfo[]> {
    const rows = await this.repository.live(signedIn.user.id);
    return rows.map((row) => toSessionInfo(row, signedIn.jti));
  }

  /** Ends one device of the account: its token is revoked on every instance. 404 when it is not a live one of theirs. */
  async end(signedIn: SignedIn, id: string): Promise<void> {
    const session = (await this.repository.live(signedIn.user.id)).find((row) => row.jti === id);
    if (!session) throw notFound('session_not_found', 'No such signed-in device');
    await this.db.transaction(async (tx) => {
      await new UsersRepository(tx).revokeToken(signedIn.user.id, session.jti, session.expiresAt);
      await new SessionsRepository(tx).remove(signedIn.user.id, session.jti);
    });
    this.touched.delete(session.jti);
  }

  /** After a new token version: the rows of every other device are dead. */
  async forgetOthers(userId: string, keptJti: string): Promise<void> {
    await this.repository.removeOthers(userId, keptJti);
  }
}

function toSessionInfo(row: SessionRow, currentJti: string): SessionInfo {
  return {
    id: row.jti,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    ip: row.ip,
    browser: browserOf(row.userAgent),
    current: row.jti === currentJti,
  };
}
