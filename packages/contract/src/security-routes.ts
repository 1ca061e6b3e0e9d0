import { z } from 'zod';
import { AuthResponse } from './auth.ts';
import { adminErrors, ErrorResponse, IdParams } from './common.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';
import {
  LoginTwoFactorBody,
  SecuritySettings,
  SessionList,
  TwoFactorDisableBody,
  TwoFactorEnableBody,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
} from './security.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse };

/**
 * Two-factor sign-in and signed-in devices (docs/decisions/0034-two-factor-and-sessions.md). Part of routes.ts's
 * table, built by a call like auth-routes.ts.
 */
export const securityRoutes = Object.freeze({
  twoFactorSetup: defineRoute(paths.security.twoFactorSetup, {
    auth: 'user',
    summary:
      'Starts enrolling in two-factor sign-in: a new TOTP secret (base32), its otpauth URL and QR code (SVG). Nothing changes ' +
      'until enable confirms it with a code. 409 two_factor_already_enabled',
    response: { 200: TwoFactorSetupResponse, ...errors },
  }),
  twoFactorEnable: defineRoute(paths.security.twoFactorEnable, {
    auth: 'user',
    summary:
      'Turns two-factor sign-in on with a code of the secret setup gave; answers 10 single-use recovery codes, shown once. ' +
      '400 invalid_two_factor_code; 409 two_factor_setup_missing, two_factor_already_enabled',
    body: TwoFactorEnableBody,
    response: { 200: TwoFactorEnableResponse, ...errors },
  }),
  twoFactorDisable: defineRoute(paths.security.twoFactorDisable, {
    auth: 'user',
    summary: 'Turns two-factor sign-in off (password and a current code). 400 wrong_password, invalid_two_factor_code; 409 two_factor_not_enabled',
    body: TwoFactorDisableBody,
    response: { 200: z.object({ detail: z.string() }), ...errors },
  }),
  loginTwoFactor: defineRoute(paths.security.loginTwoFactor, {
    auth: 'public',
    summary:
      'Second step of a sign-in with 2FA: the challenge POST /auth/login answered, with a code of the app (each accepted ' +
      'once) or a recovery code (each works once). 401 invalid_challenge (unknown, used or older than 5 minutes), ' +
      'invalid_two_factor_code; 429 past the failures allowed, as logins',
    body: LoginTwoFactorBody,
    response: { 200: AuthResponse, ...errors },
  }),
  sessions: defineRoute(paths.security.sessions, {
    auth: 'user',
    summary: 'Your signed-in devices: created, last seen, address, browser; `current` marks this one',
    response: { 200: SessionList, 401: ErrorResponse },
  }),
  endSession: defineRoute(paths.security.endSession, {
    auth: 'user',
    summary: 'Signs one of your devices out (its token answers 401 from then on). 404 session_not_found',
    params: IdParams,
    response: { 204: z.null(), 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
  }),
  endOtherSessions: defineRoute(paths.security.endOtherSessions, {
    auth: 'user',
    summary: 'Signs out everywhere else: every other token of the account ends; answers a fresh token for this device',
    response: { 200: AuthResponse, 401: ErrorResponse },
  }),
  settings: defineRoute(paths.security.settings, {
    auth: 'admin',
    summary: "The owner's security settings",
    response: { 200: SecuritySettings, ...adminErrors },
  }),
  updateSettings: defineRoute(paths.security.updateSettings, {
    auth: 'admin',
    summary:
      'Change the security settings. With require_two_factor_for_staff, admins without two-factor sign-in may only enrol ' +
      '(every other call 403 two_factor_enrolment_required) until they have it; turning it on needs 2FA on your own ' +
      'account first (409 two_factor_not_enabled)',
    body: SecuritySettings,
    response: { 200: SecuritySettings, ...adminErrors, 409: ErrorResponse },
  }),
});
