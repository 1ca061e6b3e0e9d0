import { z } from 'zod';
import { AuthResponse } from './auth.ts';
import { Id } from './common.ts';

/** Two-factor sign-in and signed-in devices (docs/behaviour.md "Two-factor sign-in and sessions", decision 0034). */

/** A TOTP code as an authenticator app shows it: 6 digits (spaces people type in are dropped). */
export const TwoFactorCode = z
  .string()
  .max(20)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { message: 'Expected the 6-digit code of your authenticator app' }));

/** A recovery code as given at enrolment: `xxxxx-xxxxx` (case and a missing dash forgiven). */
export const RecoveryCode = z
  .string()
  .max(40)
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[0-9a-z]{10}$/, { message: 'Expected a recovery code like abcde-12345' }));

/** How many recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;
/** Seconds a sign-in challenge stays valid. */
export const LOGIN_CHALLENGE_SECONDS = 5 * 60;

export const TwoFactorSetupResponse = z.object({
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code, an SVG drawn by the server. */
  qr_svg: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponse>;

export const TwoFactorEnableBody = z.object({ code: TwoFactorCode });
export type TwoFactorEnableBody = z.input<typeof TwoFactorEnableBody>;
export const TwoFactorEnableResponse = z.object({ recovery_codes: z.array(z.string()) });
export type TwoFactorEnableResponse = z.infer<typeof TwoFactorEnableResponse>;

export const TwoFactorDisableBody = z.object({ current_password: z.string().min(1).max(200), code: TwoFactorCode });
export type TwoFactorDisableBody = z.input<typeof TwoFactorDisableBody>;

/** The first step's answer for an account with 2FA on: no token yet, a challenge for POST /auth/login/2fa. */
export const TwoFactorChallenge = z.object({ two_factor_required: z.literal(true), challenge: z.string() });
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

/** POST /auth/login: the usual session, or the challenge of the second step. */
export const LoginResponse = z.union([AuthResponse, TwoFactorChallenge]);
export type LoginResponse = z.infer<typeof LoginResponse>;

/** The second step: the challenge with either a code of the app or one recovery code. */
export const LoginTwoFactorBody = z
  .object({
    challenge: z.string().min(1).max(200),
    code: TwoFactorCode.optional(),
    recovery_code: RecoveryCode.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recovery_code === undefined), {
    message: 'Give either code or recovery_code',
    path: ['code'],
  });
export type LoginTwoFactorBody = z.input<typeof LoginTwoFactorBody>;

/**
 * The owner's security settings: with `require_two_factor_for_staff`, an admin (or staff member) without two-factor
 * sign-in can do nothing but enrol until they have it.
 */
export const SecuritySettings = z.object({ require_two_factor_for_staff: z.boolean() });
export type SecuritySettings = z.infer<typeof SecuritySettings>;

/** A signed-in device of the account. */
export const SessionInfo = z.object({
  id: Id,
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The address it was last seen from. */
  ip: z.string().nullable(),
  /** Its browser, as its User-Agent said (shortened). */
  browser: z.string().nullable(),
  /** The session of the token this request presented. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;
export const SessionList = z.array(SessionInfo);
export type SessionList = z.infer<typeof SessionList>;
