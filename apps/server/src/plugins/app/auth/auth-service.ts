import { randomBytes } from 'node:crypto';
import type {
  AuthResponse,
  ChangePasswordBody,
  ForgotPasswordResponse,
  Language,
  LoginBody,
  LoginResponse,
  ProfileBody,
  RecoverEmailResponse,
  RegisterBody,
  User,
} from '@roomweek/contract';
import type { Database } from '../../../db/client.ts';
import { AppError, badRequest, conflict, retryLater, sqlState, unauthorized } from '../../../lib/errors.ts';
import { hashPassword, isDefaultPassword, type PasswordHasher } from '../../../lib/passwords.ts';
import { sha256 } from '../../../lib/secrets.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { EmailProof } from './email-proof.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { RateLimitsRepository } from './rate-limits-repository.ts';
import type { Sessions } from './sessions.ts';
import type { SignedIn } from './signed-in.ts';
import type { TokenSigner } from './tokens.ts';
import type { TwoFactorService } from './two-factor.ts';
import { fullName, toUser, UsersRepository, type UserRow } from './users-repository.ts';

const RESET_VALIDITY_MS = 60 * 60 * 1000;
const RECOVER_MAX_RESULTS = 5;
const MINUTE_SECONDS = 60;
const HOUR_SECONDS = 60 * 60;
/** Reset e-mails one address may be sent an hour, whoever asks: a mailbox cannot be flooded with links. */
export const RESET_MAILS_PER_HOUR = 3;

export interface AuthServiceOptions {
  db: Database;
  tokens: TokenSigner;
  notifier: Notifier;
  hasher: PasswordHasher;
  limits: RateLimitsRepository;
  throttle: LoginThrottle;
  /** AUTH_RATE_LIMIT: also the per-minute limit of password checks per account and of reset e-mails per address. */
  authRateLimit: number;
  /** The e-mail verification links (docs/decisions/0029). */
  emailProof: EmailProof;
  /** Outside production the forgot-password answer carries the token, so development works without e-mail. */
  exposeResetToken: boolean;
  /** Two-factor sign-in: a password accepted for an account with it on answers a challenge (decision 0034). */
  twoFactor: TwoFactorService;
  sessions: Sessions;
  /** The owner's `require_two_factor_for_staff` setting. */
  requireTwoFactor: () => Promise<boolean>;
}

const emailTaken = () => conflict('email_taken', 'An account with this e-mail already exists');
const wrongPassword = () => new AppError(400, 'wrong_password', 'The current password is incorrect', 'current_password');
const invalidResetToken = () => badRequest('invalid_reset_token', 'This reset link is invalid or has expired', 'token');

export class AuthService {
  private readonly users: UsersRepository;
  /** A real hash to verify against when the account does not exist, so timing reveals nothing. */
  private decoyHash: Promise<string> | undefined;

  constructor(private readonly options: AuthServiceOptions) {
    this.users = new UsersRepository(options.db);
  }

  /** The signed-in user as the API shows it (GET /auth/me). */
  async profile(user: UserRow): Promise<User> {
    return toUser(user, await this.enrolmentRequired(user));
  }

  /**
   * The owner requires two-factor sign-in of admins and this one has none yet: it may do nothing but enrol
   * (docs/decisions/0034). Clients are never held.
   */
  async enrolmentRequired(user: UserRow): Promise<boolean> {
    return (user.role === 'admin' || user.role === 'staff') && user.twoFactorSecret === null && (await this.options.requireTwoFactor());
  }

  /** A new token for the account, as every sign-in answers it. */
  async session(row: UserRow): Promise<AuthResponse> {
    const issued = await this.options.tokens.issue(row.id, row.tokenVersion);
    await this.options.sessions.issued(row, issued);
    return { user: toUser(row, await this.enrolmentRequired(row)), token: issued.token };
  }

  /** The user a bearer token stands for, or null when the token is invalid, expired, superseded or logged out. */
  async authenticate(token: string): Promise<SignedIn | null> {
    const claims = await this.options.tokens.verify(token);
    if (!claims) return null;
    const found = await this.users.findSignedIn(claims.sub, claims.jti);
    return found && found.user.tokenVersion === claims.tv
      ? { user: found.user, enrolmentRequired: found.enrolmentRequired, jti: claims.jti, expiresAt: claims.expiresAt }
      : null;
  }

  /** Ends the presented token on every instance; the user's other sessions go on. */
  async logout(signedIn: SignedIn): Promise<void> {
    await this.users.revokeToken(signedIn.user.id, signedIn.jti, signedIn.expiresAt);
  }

  async register(body: RegisterBody, language: Language): Promise<AuthResponse> {
    // A taken address costs no hash (registration says so openly anyway); the unique index still decides races.
    if (await this.users.findByEmail(body.email)) throw emailTaken();
    const passwordHash = await this.options.hasher.hash(body.password);
    try {
      const row = await this.options.db.transaction(async (tx) => {
        const created = await new UsersRepository(tx).insert({
          email: body.email,
          name: body.name,
          firstName: body.first_name,
          birthDate: body.birth_date,
          birthPlace: body.birth_place,
          phone: body.phone,
          role: 'client', // whatever the payload asks
          passwordHash,
          defaultPassword: isDefaultPassword(body.password),
          language,
        });
        // The link that proves the address, e-mailed with the account (docs/decisions/0029).
        await this.options.emailProof.issue(tx, created);
        return created;
      });
      return this.session(row);
    } catch (error) {
      if (sqlState(error) === '23505') throw emailTaken();
      throw error;
    }
  }

  /** `ip`: the client's address, for the per-address failure counter. */
  async login(body: LoginBody, ip: string): Promise<LoginResponse> {
    const attempt = { email: body.email, ip };
    // Counted as a failure before the hash: parallel guesses cannot all reach it (issue 24).
    await this.options.throttle.claim(attempt);
    let row: UserRow | undefined;
    let valid: boolean;
    try {
      row = await this.users.findByEmail(body.email);
      valid = await this.options.hasher.verify(body.password, row?.passwordHash ?? (await this.decoy()));
    } catch (error) {
      // No password was checked (503 busy, the database): the attempt is not a failure.
      await this.options.throttle.release(attempt);
      throw error;
    }
    if (!row || !valid) throw unauthorized('Incorrect credentials', 'invalid_credentials');
    await this.options.throttle.succeeded(attempt);
    // A disabled admin or staff member (decision 0039): told only once the password proved who is asking.
    if (row.disabledAt) throw new AppError(403, 'account_disabled', 'This account is disabled');
    // With two-factor sign-in on, no token before the second step (POST /auth/login/2fa, decision 0034).
    if (row.twoFactorSecret) return this.options.twoFactor.challenge(row);
    return this.session(row);
  }

  /** Signs out everywhere else: a new token version ends every other token; answers a fresh one for this device. */
  async endOtherSessions(signedIn: SignedIn): Promise<AuthResponse> {
    const row = await this.options.db.transaction(async (tx) => {
      const users = new UsersRepository(tx);
      const updated = await users.bumpTokenVersion(signedIn.user.id);
      await users.forgetRevokedTokens(signedIn.user.id);
      return updated;
    });
    if (!row) throw unauthorized('Your session has expired; please sign in again', 'invalid_token');
    const session = await this.session(row);
    await this.options.sessions.forgetOthers(row.id, signedIn.jti);
    return session;
  }

  private decoy(): Promise<string> {
    // Made once, outside the queue: a refused (busy) first try must not leave a failed promise behind.
    this.decoyHash ??= hashPassword(randomBytes(16).toString('hex'), this.options.hasher.logN);
    return this.decoyHash;
  }

  /** AUTH_RATE_LIMIT per minute for `key`, shared by every instance: beyond, 429 with Retry-After. */
  private async withinLimit(key: string): Promise<void> {
    const { count, retryAfter } = await this.options.limits.hit(key, MINUTE_SECONDS);
    if (count > this.options.authRateLimit) {
      throw retryLater(429, 'rate_limited', 'Too many attempts; please wait a minute and try again', retryAfter);
    }
  }

  /**
   * Checks the account's current password, at most AUTH_RATE_LIMIT times a minute per account; a wrong one throws
   * `refusal` (400 `wrong_password` unless the caller says otherwise: deleting an account answers 401).
   */
  async checkCurrentPassword(user: UserRow, password: string, refusal: () => AppError = wrongPassword): Promise<void> {
    await this.withinLimit(`password-check:${user.id}`);
    if (!(await this.options.hasher.verify(password, user.passwordHash))) throw refusal();
  }

  /** A new e-mail needs the current password; the old address is told, and reset links sent to it stop working. */
  async updateProfile(user: UserRow, body: ProfileBody): Promise<AuthResponse> {
    const emailChanges = body.email !== user.email;
    if (emailChanges) {
      if (!body.current_password) {
        throw badRequest('validation_error', 'current_password: your current password is needed to change the e-mail', 'current_password');
      }
      const owner = await this.users.findByEmail(body.email);
      if (owner && owner.id !== user.id) throw emailTaken();
      await this.checkCurrentPassword(user, body.current_password);
    }
    try {
      const row = await this.options.db.transaction(async (tx) => {
        const users = new UsersRepository(tx);
        // A new address is not proved yet: a link goes to it (docs/decisions/0029).
        const changes = emailChanges ? { name: body.name, email: body.email, emailVerified: false } : { name: body.name, email: body.email };
        const updated = await users.update(user.id, changes);
        if (!updated) throw unauthorized('Your session has expired; please sign in again', 'invalid_token');
        if (emailChanges) {
          await users.endResets(user.id);
          await this.options.notifier.emailChanged(tx, { user, newEmail: updated.email });
          await this.options.emailProof.issue(tx, updated);
        }
        return updated;
      });
      return this.session(row);
    } catch (error) {
      if (sqlState(error) === '23505') throw emailTaken();
      throw error;
    }
  }

  /** Changes the password and ends every other session and reset link; answers a fresh session for the caller. */
  async changePassword(user: UserRow, body: ChangePasswordBody): Promise<AuthResponse> {
    await this.checkCurrentPassword(user, body.current_password);
    const hash = await this.options.hasher.hash(body.new_password);
    const row = await this.setPassword(user.id, hash, body.new_password);
    if (!row) throw unauthorized('Your session has expired; please sign in again', 'invalid_token');
    return this.session(row);
  }

  /**
   * In one transaction: the new password, a bumped token version (every older token ends), no reset link left. A reset
   * link proves the mailbox too (a change of address ends the links sent to the old one): the e-mail counts as proved,
   * so a guest whose account the owner opened (an invitation is a reset link) is not asked to prove it again.
   */
  private setPassword(userId: string, hash: string, password: string, claimReset?: string): Promise<UserRow | undefined> {
    return this.options.db.transaction(async (tx) => {
      const users = new UsersRepository(tx);
      // Claiming the token and using it happen together: a second use finds it already used.
      if (claimReset && !(await users.claimReset(claimReset))) throw invalidResetToken();
      const row = await users.setPassword(userId, { hash, isDefault: isDefaultPassword(password), ...(claimReset && { emailVerified: true }) });
      await users.endResets(userId);
      await users.forgetRevokedTokens(userId);
      return row;
    });
  }

  /**
   * Same answer whether or not the address exists; at most AUTH_RATE_LIMIT a minute per address asked for. The token
   * is stored hashed, single use, valid 1 hour.
   */
  async forgotPassword(email: string): Promise<ForgotPasswordResponse> {
    await this.withinLimit(`forgot-password:${email}`);
    const answer = { detail: 'If an account exists for this address, a reset link has been sent.' };
    // At most RESET_MAILS_PER_HOUR links a mailbox: past it the answer is the same, so it reveals no account (issue 24).
    const { count } = await this.options.limits.hit(`reset-mails:${email}`, HOUR_SECONDS);
    if (count > RESET_MAILS_PER_HOUR) return answer;
    const row = await this.users.findByEmail(email);
    if (!row) return answer;
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + RESET_VALIDITY_MS);
    await this.options.db.transaction(async (tx) => {
      await new UsersRepository(tx).insertReset({ userId: row.id, tokenHash: sha256(token), expiresAt });
      await this.options.notifier.passwordResetRequested(tx, { user: row, token, expiresAt });
    });
    return this.options.exposeResetToken ? { ...answer, reset_token: token } : answer;
  }

  /** The token is checked before any hash; the reset ends every session and every other reset link of the user. */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    const tokenHash = sha256(token);
    const reset = await this.users.findUsableReset(tokenHash);
    if (!reset) throw invalidResetToken();
    const hash = await this.options.hasher.hash(newPassword);
    await this.setPassword(reset.userId, hash, newPassword, tokenHash);
  }

  async recoverEmail(hint: string): Promise<RecoverEmailResponse> {
    const rows = await this.users.search(hint, RECOVER_MAX_RESULTS);
    return {
      results: rows.map((row) => ({
        name: fullName(row),
        email_hint: maskEmail(row.email),
      })),
    };
  }
}

/** `jo•••@ex•••.com`: enough to recognise one's own address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}•••@${host.slice(0, 1)}•••${tld}`;
}

