import type { UserRow } from './users-repository.ts';

/** A request's valid token: its user, and what a logout needs to revoke it. */
export interface SignedIn {
  user: UserRow;
  /** The owner's require_two_factor_for_staff holds this admin, who has no two-factor sign-in yet, to enrolment. */
  enrolmentRequired: boolean;
  jti: string;
  expiresAt: Date;
}
