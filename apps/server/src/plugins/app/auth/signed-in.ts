import type { UserRow } from './users-repository.ts';

/** A request's valid token: its user, and what a logout needs to revoke it. */
export interface SignedIn {
  user: UserRow;
  jti: string;
  expiresAt: Date;
}
