import { randomBytes } from 'node:crypto';
import type { Database, Executor } from '../../../db/client.ts';
import { AppError, badRequest, conflict, retryLater } from '../../../lib/errors.ts';
import { sha256 } from '../../../lib/secrets.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { RateLimitsRepository } from './rate-limits-repository.ts';
import { UsersRepository, type UserRow } from './users-repository.ts';

/** How long an e-mail verification link works: a mailbox looked at once a day still gets there in time. */
export const VERIFICATION_VALIDITY_HOURS = 48;
/** Verification links one account may ask for in an hour (on demand; the one sent at registration is not counted). */
export const VERIFICATION_SENDS_PER_HOUR = 3;
const HOUR_SECONDS = 60 * 60;

export interface EmailProofOptions {
  db: Database;
  notifier: Notifier;
  limits: RateLimitsRepository;
  /**
   * Whether booking on site needs a proved e-mail: `ON_SITE_REQUIRES_VERIFIED_EMAIL`, and never in development mode
   * (every account counts as proved there, a development aid like the reset link on screen).
   */
  required: boolean;
}

const invalidToken = () => badRequest('invalid_verification_token', 'This verification link is invalid, already used or expired', 'token');

/**
 * The proof that an account's e-mail is its own (docs/decisions/0029-on-site-bookings-need-proof.md): a link e-mailed
 * at registration and again on demand, its token stored hashed, single use, valid 48 hours; and the rule that an
 * on-site booking needs it.
 */
export class EmailProof {
  constructor(private readonly options: EmailProofOptions) {}

  /** Writes a new link for the account's current address and its e-mail (through the outbox), in the caller's transaction. */
  async issue(tx: Executor, user: UserRow): Promise<void> {
    const users = new UsersRepository(tx);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + VERIFICATION_VALIDITY_HOURS * HOUR_SECONDS * 1000);
    await users.insertVerification({ userId: user.id, email: user.email, tokenHash: sha256(token), expiresAt });
    await this.options.notifier.emailVerificationRequested(tx, { user, token, expiresAt });
  }

  /** Counts one link asked for by the account: beyond VERIFICATION_SENDS_PER_HOUR an hour, 429 with Retry-After. */
  private async countSend(userId: string): Promise<void> {
    const { count, retryAfter } = await this.options.limits.hit(`verify-email:${userId}`, HOUR_SECONDS);
    if (count > VERIFICATION_SENDS_PER_HOUR) {
      throw retryLater(429, 'rate_limited', 'Too many verification e-mails; please wait before asking again', retryAfter);
    }
  }

  /** A new link on demand; 409 `email_already_verified` when there is nothing to prove. */
  async resend(user: UserRow): Promise<void> {
    if (user.emailVerified) throw conflict('email_already_verified', 'This e-mail address is already confirmed');
    await this.countSend(user.id);
    await this.options.db.transaction((tx) => this.issue(tx, user));
  }

  /** Uses the link's token up and marks its account proved; 400 `invalid_verification_token` for garbage, reuse or expiry. */
  async verify(token: string): Promise<void> {
    const proved = await this.options.db.transaction((tx) => new UsersRepository(tx).claimVerification(sha256(token)));
    if (!proved) throw invalidToken();
  }

  /** 403 `email_not_verified` when this account may not book on site yet (admins book for guests by phone). */
  assertMayBookOnSite(user: UserRow): void {
    if (!this.options.required || user.emailVerified || user.role === 'admin') return;
    throw new AppError(403, 'email_not_verified', 'Confirm your e-mail address (the link we sent you) before booking to pay on site');
  }
}
