import { z } from 'zod';
import {
  AuthResponse,
  ChangePasswordBody,
  ForgotPasswordBody,
  ForgotPasswordResponse,
  LoginBody,
  ProfileBody,
  RecoverEmailBody,
  RecoverEmailResponse,
  RegisterBody,
  ResetPasswordBody,
  User,
  VerifyEmailBody,
} from './auth.ts';
import { ErrorResponse, OkResponse } from './common.ts';
import { paths } from './paths.ts';
import { AccountDeletion, AccountExport, DeleteAccountBody } from './privacy.ts';
import { defineRoute } from './route.ts';
import { LoginResponse } from './security.ts';

/** 503 `busy`: the password-hashing queue is full (Retry-After says when to come back). */
const authErrors = { 400: ErrorResponse, 401: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse };

/**
 * Accounts and sessions, and a user's own data (docs/behaviour.md §12). Part of routes.ts's table. Built by a call,
 * not a bare object literal, so the web build keeps these schemas out of the pages that do not use them (see
 * calendar-routes.ts).
 */
export const authRoutes = Object.freeze({
  register: defineRoute(paths.auth.register, {
    auth: 'public',
    summary: 'Create a client account',
    body: RegisterBody,
    response: { 201: AuthResponse, ...authErrors },
  }),
  login: defineRoute(paths.auth.login, {
    auth: 'public',
    summary:
      'Sign in; answers the user and a token, or, for an account with two-factor sign-in on, `{two_factor_required: true, ' +
      'challenge}` and no token (the second step is POST /auth/login/2fa)',
    body: LoginBody,
    response: { 200: LoginResponse, ...authErrors },
  }),
  logout: defineRoute(paths.auth.logout, {
    auth: 'user',
    summary: 'Ends the presented token on every instance (it answers 401 from then on)',
    response: { 204: z.null(), 401: ErrorResponse },
  }),
  me: defineRoute(paths.auth.me, {
    auth: 'user',
    summary: 'The signed-in user',
    response: { 200: User, 401: ErrorResponse },
  }),
  exportData: defineRoute(paths.auth.exportData, {
    auth: 'user',
    summary:
      'Everything the site holds about you, as one JSON file (Content-Disposition: attachment): profile, bookings with their ' +
      'payments and refunds, the messages sent to you (subject, date, channel). 429 past 5 exports a minute',
    response: { 200: AccountExport, 401: ErrorResponse, 429: ErrorResponse },
  }),
  deleteAccount: defineRoute(paths.auth.deleteAccount, {
    auth: 'user',
    summary:
      'Deletes your account: upcoming bookings are cancelled by their terms (refunds included), the account is anonymised ' +
      'and every session ends; past bookings stay without your name and e-mail. 401 wrong_password; 409 last_admin',
    body: DeleteAccountBody,
    response: { 200: AccountDeletion, ...authErrors },
  }),
  updateProfile: defineRoute(paths.auth.updateProfile, {
    auth: 'user',
    summary: 'Change name and e-mail (a new e-mail needs current_password; the old address is told); answers a new token',
    body: ProfileBody,
    response: { 200: AuthResponse, ...authErrors },
  }),
  changePassword: defineRoute(paths.auth.changePassword, {
    auth: 'user',
    summary: 'Ends every other session and reset link; answers a new token',
    body: ChangePasswordBody,
    response: { 200: AuthResponse, ...authErrors },
  }),
  forgotPassword: defineRoute(paths.auth.forgotPassword, {
    auth: 'public',
    summary: 'E-mails a password reset link',
    body: ForgotPasswordBody,
    response: { 200: ForgotPasswordResponse, ...authErrors },
  }),
  resetPassword: defineRoute(paths.auth.resetPassword, {
    auth: 'public',
    summary: 'Sets a new password with the token of a reset link',
    body: ResetPasswordBody,
    response: { 200: OkResponse, ...authErrors },
  }),
  recoverEmail: defineRoute(paths.auth.recoverEmail, {
    auth: 'public',
    summary: 'Masked e-mails of the accounts matching a name or phone hint',
    body: RecoverEmailBody,
    response: { 200: RecoverEmailResponse, ...authErrors },
  }),
  verifyEmail: defineRoute(paths.auth.verifyEmail, {
    auth: 'public',
    summary: 'Proves the account\'s e-mail with the token of its verification link (single use). 400 invalid_verification_token',
    body: VerifyEmailBody,
    response: { 200: OkResponse, ...authErrors },
  }),
  resendVerification: defineRoute(paths.auth.resendVerification, {
    auth: 'user',
    summary: 'E-mails a new verification link (3 an hour per account). 409 email_already_verified',
    response: { 200: OkResponse, ...authErrors },
  }),
});
