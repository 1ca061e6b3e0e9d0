import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type {
  AuthResponse,
  ChangePasswordBody,
  ForgotPasswordResponse,
  Language,
  LoginBody,
  ProfileBody,
  RecoverEmailResponse,
  RegisterBody,
} from '@roomweek/contract';
import type { Database } from '../../../db/client.ts';
import { passwordResets, users } from '../../../db/schema.ts';
import { AppError, badRequest, conflict, sqlState, unauthorized } from '../../../lib/errors.ts';
import { hashPassword, isDefaultPassword, verifyPassword } from '../../../lib/passwords.ts';
import { sha256 } from '../../../lib/secrets.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { TokenSigner } from './tokens.ts';
import { toUser, UsersRepository, type UserRow } from './users-repository.ts';

const RESET_VALIDITY_MS = 60 * 60 * 1000;
const RECOVER_MAX_RESULTS = 5;

export interface AuthServiceOptions {
  db: Database;
  tokens: TokenSigner;
  notifier: Notifier;
  scryptLogN: number;
  /** Outside production the forgot-password answer carries the token, so development works without e-mail. */
  exposeResetToken: boolean;
}

export class AuthService {
  private readonly users: UsersRepository;
  /** A real hash to verify against when the account does not exist, so timing reveals nothing. */
  private decoyHash: Promise<string> | undefined;

  constructor(private readonly options: AuthServiceOptions) {
    this.users = new UsersRepository(options.db);
  }

  private async session(row: UserRow): Promise<AuthResponse> {
    return { user: toUser(row), token: await this.options.tokens.sign(row.id, row.tokenVersion) };
  }

  /** The user a bearer token stands for, or null when the token is invalid, expired or superseded. */
  async authenticate(token: string): Promise<UserRow | null> {
    const claims = await this.options.tokens.verify(token);
    if (!claims) return null;
    const user = await this.users.findById(claims.sub);
    return user && user.tokenVersion === claims.tv ? user : null;
  }

  async register(body: RegisterBody, language: Language): Promise<AuthResponse> {
    const passwordHash = await hashPassword(body.password, this.options.scryptLogN);
    try {
      const row = await this.users.insert({
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
      return this.session(row);
    } catch (error) {
      if (sqlState(error) === '23505') throw conflict('email_taken', 'An account with this e-mail already exists');
      throw error;
    }
  }

  async login(body: LoginBody): Promise<AuthResponse> {
    const row = await this.users.findByEmail(body.email);
    const valid = await verifyPassword(body.password, row?.passwordHash ?? (await this.decoy()));
    if (!row || !valid) throw unauthorized('Incorrect credentials', 'invalid_credentials');
    return this.session(row);
  }

  private decoy(): Promise<string> {
    this.decoyHash ??= hashPassword(randomBytes(16).toString('hex'), this.options.scryptLogN);
    return this.decoyHash;
  }

  async updateProfile(user: UserRow, body: ProfileBody): Promise<AuthResponse> {
    try {
      const row = await this.users.update(user.id, { name: body.name, email: body.email });
      return this.session(row!);
    } catch (error) {
      if (sqlState(error) === '23505') throw conflict('email_taken', 'An account with this e-mail already exists');
      throw error;
    }
  }

  /** Changes the password and ends every older token; answers a fresh session for the caller. */
  async changePassword(user: UserRow, body: ChangePasswordBody): Promise<AuthResponse> {
    if (!(await verifyPassword(body.current_password, user.passwordHash))) {
      throw new AppError(400, 'wrong_password', 'The current password is incorrect', 'current_password');
    }
    const row = await this.users.setPassword(user.id, {
      hash: await hashPassword(body.new_password, this.options.scryptLogN),
      isDefault: isDefaultPassword(body.new_password),
    });
    return this.session(row);
  }

  /** Same answer whether or not the address exists; the token is stored hashed, single use, valid 1 hour. */
  async forgotPassword(email: string): Promise<ForgotPasswordResponse> {
    const answer = { detail: 'If an account exists for this address, a reset link has been sent.' };
    const row = await this.users.findByEmail(email);
    if (!row) return answer;
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + RESET_VALIDITY_MS);
    await this.options.db.transaction(async (tx) => {
      await tx.insert(passwordResets).values({ userId: row.id, tokenHash: sha256(token), expiresAt });
      await this.options.notifier.passwordResetRequested(tx, { user: row, token, expiresAt });
    });
    return this.options.exposeResetToken ? { ...answer, reset_token: token } : answer;
  }

  async resetPassword(token: string, newPassword: string): Promise<void> {
    const passwordHash = await hashPassword(newPassword, this.options.scryptLogN);
    await this.options.db.transaction(async (tx) => {
      // Claiming the token and using it happen together: a second use finds it already used.
      const [reset] = await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResets.tokenHash, sha256(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, sql`now()`),
          ),
        )
        .returning();
      if (!reset) throw badRequest('invalid_reset_token', 'This reset link is invalid or has expired', 'token');
      await tx
        .update(users)
        .set({ passwordHash, defaultPassword: isDefaultPassword(newPassword), tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, reset.userId));
    });
  }

  async recoverEmail(hint: string): Promise<RecoverEmailResponse> {
    const rows = await this.users.search(hint, RECOVER_MAX_RESULTS);
    return {
      results: rows.map((row) => ({
        name: [row.firstName, row.name].filter(Boolean).join(' '),
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
