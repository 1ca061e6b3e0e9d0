import { randomBytes } from 'node:crypto';
import type { Language } from '@roomweek/contract';
import type { Database, Executor } from '../../../db/client.ts';
import type { PasswordHasher } from '../../../lib/passwords.ts';
import { sha256 } from '../../../lib/secrets.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { UsersRepository, type UserRow } from './users-repository.ts';

/** How long the link of an invitation lasts: longer than a reset's hour, a guest called on the phone reads it later. */
export const INVITATION_VALIDITY_MS = 7 * 24 * 60 * 60 * 1000;

export interface GuestAccountsOptions {
  db: Database;
  hasher: PasswordHasher;
  notifier: Notifier;
  /** The language of an account the owner opens: the site's default (DEFAULT_LANGUAGE). */
  defaultLanguage: Language;
}

/** What `prepare` found before the booking's transaction: the account, or a password hash (and language) for a new one. */
export type PreparedGuest = { email: string; name: string; language?: Language; passwordHash: string | null };

/** The guest of a booking the owner enters: the account of that e-mail, or a new one (docs/decisions/0032). */
export class GuestAccounts {
  constructor(private readonly options: GuestAccountsOptions) {}

  /**
   * Before the booking's transaction (a hash takes time, and must not hold the room's lock): the address as stored
   * (lower case), and a hash of a password nobody knows when no account has it yet.
   */
  async prepare(email: string, name: string, language?: Language): Promise<PreparedGuest> {
    const address = email.trim().toLowerCase();
    const known = await new UsersRepository(this.options.db).findByEmail(address);
    return { email: address, name, language, passwordHash: known ? null : await this.randomPasswordHash() };
  }

  /**
   * Inside the booking's transaction: the account of the address, or a new client account (its e-mail not proved,
   * a password nobody knows) with the name and language given (the site's default language when none is). `created` tells the caller to invite it (`invite`).
   */
  async findOrCreate(tx: Executor, guest: PreparedGuest): Promise<{ user: UserRow; created: boolean }> {
    const users = new UsersRepository(tx);
    const known = await users.findByEmail(guest.email);
    if (known) return { user: known, created: false };
    const created = await users.insertIfAbsent({
      email: guest.email,
      name: guest.name,
      role: 'client',
      passwordHash: guest.passwordHash ?? (await this.randomPasswordHash()),
      language: guest.language ?? this.options.defaultLanguage,
    });
    if (created) return { user: created, created: true };
    // Registered a moment ago, between the look-up and the insert.
    const raced = await users.findByEmail(guest.email);
    if (!raced) throw new Error('the account of this address could be neither found nor created');
    return { user: raced, created: false };
  }

  /**
   * The e-mail to choose a password: a reset link (the forgot-password machinery) valid INVITATION_VALIDITY_MS; a
   * guest's tells of the booking, a staff member's of the team (docs/decisions/0039).
   */
  async invite(tx: Executor, user: UserRow, kind: 'guest' | 'staff' = 'guest'): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + INVITATION_VALIDITY_MS);
    await new UsersRepository(tx).insertReset({ userId: user.id, tokenHash: sha256(token), expiresAt });
    const event = { user, token, expiresAt };
    await (kind === 'staff' ? this.options.notifier.staffInvited(tx, event) : this.options.notifier.accountInvited(tx, event));
  }

  private randomPasswordHash(): Promise<string> {
    return this.options.hasher.hash(randomBytes(32).toString('base64url'));
  }
}
