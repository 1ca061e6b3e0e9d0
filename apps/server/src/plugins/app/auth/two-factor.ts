import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  LOGIN_CHALLENGE_SECONDS,
  RECOVERY_CODE_COUNT,
  type LoginTwoFactorBody,
  type TwoFactorChallenge,
  type TwoFactorSetupResponse,
} from '@roomweek/contract';
import type { Database } from '../../../db/client.ts';
import { AppError, conflict, unauthorized } from '../../../lib/errors.ts';
import { sha256, type SecretBox } from '../../../lib/secrets.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { TwoFactorRepository } from './two-factor-repository.ts';
import type { UserRow } from './users-repository.ts';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps; a code of the step before or after is accepted. */
const PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;
const ISSUER = 'Roomweek';
const RECOVERY_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** The second step's body once validated (contract's LoginTwoFactorBody output). */
type SecondStep = { challenge: string; code?: string | undefined; recovery_code?: string | undefined };

export interface TwoFactorOptions {
  db: Database;
  /** Seals the secrets at rest with SETTINGS_KEY. */
  box: SecretBox;
  /** Code failures per account, counted and slowed down as login failures are (kind `two-factor`). */
  throttle: LoginThrottle;
  /** Now, in milliseconds: the TOTP step of a code is computed from it. */
  now?: () => number;
}

const invalidCode = (status: 400 | 401) =>
  new AppError(status, 'invalid_two_factor_code', 'This code is not valid; enter the current code of your authenticator app', 'code');
const invalidChallenge = () => unauthorized('This sign-in has expired; please enter your password again', 'invalid_challenge');

const totpOf = (secret: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** `abcde-12345`: ten characters from a 36-letter alphabet (about 51 bits), drawn without bias. */
function recoveryCode(): string {
  let code = '';
  while (code.length < 10) {
    for (const byte of randomBytes(16)) {
      // 252 = 7 × 36: bytes above it would favour the first letters.
      if (byte < 252 && code.length < 10) code += RECOVERY_ALPHABET[byte % 36];
    }
  }
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
const recoveryHash = (code: string) => sha256(code.replace(/[\s-]+/g, '').toLowerCase());

/**
 * Two-factor sign-in (TOTP, RFC 6238) for any account (docs/decisions/0034-two-factor-and-sessions.md): enrolment with
 * a confirming code, recovery codes, the sign-in challenge. A code is accepted once: the last step used is kept per
 * account, and a code of that step or an earlier one is refused.
 */
export class TwoFactorService {
  private readonly repository: TwoFactorRepository;
  private readonly now: () => number;

  constructor(private readonly options: TwoFactorOptions) {
    this.repository = new TwoFactorRepository(options.db);
    this.now = options.now ?? Date.now;
  }

  /** A new secret, kept pending until `enable` confirms it with a code. */
  async setup(user: UserRow): Promise<TwoFactorSetupResponse> {
    if (user.twoFactorSecret) throw alreadyEnabled();
    const secret = new Secret({ size: 20 }).base32;
    if (!(await this.repository.setPending(user.id, this.options.box.seal(secret)))) throw alreadyEnabled();
    const otpauthUrl = totpOf(secret, user.email).toString();
    const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
  }

  /** Turns 2FA on when the code matches the pending secret; answers the recovery codes, in clear this once only. */
  async enable(user: UserRow, code: string, ip: string): Promise<string[]> {
    if (user.twoFactorSecret) throw alreadyEnabled();
    const pending = user.twoFactorPendingSecret;
    if (!pending) throw conflict('two_factor_setup_missing', 'Start the set-up first: scan the QR code, then enter a code');
    const attempt = this.attempt(user, ip);
    await this.options.throttle.claim(attempt);
    const step = this.stepOf(this.options.box.open(pending), user.email, code);
    if (step === null) throw invalidCode(400);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
    await this.options.db.transaction(async (tx) => {
      const repository = new TwoFactorRepository(tx);
      if (!(await repository.enable(user.id, pending, step))) throw conflict('two_factor_setup_missing', 'The set-up changed meanwhile; start again');
      await repository.replaceRecoveryCodes(user.id, codes.map(recoveryHash));
    });
    await this.options.throttle.succeeded(attempt);
    return codes;
  }

  /** Turns 2FA off; the caller has checked the password. The code must be a current one, not used before. */
  async disable(user: UserRow, code: string, ip: string): Promise<void> {
    if (!user.twoFactorSecret) throw conflict('two_factor_not_enabled', 'Two-factor sign-in is not on');
    await this.verifyCode(user, code, 400, ip);
    await this.repository.disable(user.id);
  }

  /** A password was accepted for an account with 2FA on: the challenge its second step answers (valid 5 minutes). */
  async challenge(user: UserRow): Promise<TwoFactorChallenge> {
    const token = randomBytes(32).toString('base64url');
    await this.repository.insertChallenge(user.id, sha256(token), LOGIN_CHALLENGE_SECONDS);
    return { two_factor_required: true, challenge: token };
  }

  /**
   * The second step: the account of a live challenge when its code (or recovery code) is right; the challenge is then
   * used up. A wrong code is counted as a login failure of the account's own kind; the challenge stays usable meanwhile.
   */
  async complete(body: SecondStep | LoginTwoFactorBody, ip: string): Promise<UserRow> {
    const tokenHash = sha256(body.challenge);
    const user = await this.repository.findChallengeUser(tokenHash);
    if (!user?.twoFactorSecret) throw invalidChallenge();
    if (body.code !== undefined) {
      await this.verifyCode(user, body.code, 401, ip);
    } else {
      const attempt = this.attempt(user, ip);
      await this.options.throttle.claim(attempt);
      if (!(await this.repository.useRecoveryCode(user.id, recoveryHash(body.recovery_code ?? '')))) {
        throw new AppError(401, 'invalid_two_factor_code', 'This recovery code is not valid or was already used', 'recovery_code');
      }
      await this.options.throttle.succeeded(attempt);
    }
    if (!(await this.repository.claimChallenge(tokenHash))) throw invalidChallenge();
    return user;
  }

  private attempt(user: UserRow, ip: string) {
    return { email: user.id, ip };
  }

  /** Checks and uses up a code of the account's secret, counted by the throttle; throws when wrong or replayed. */
  private async verifyCode(user: UserRow, code: string, status: 400 | 401, ip: string): Promise<void> {
    const attempt = this.attempt(user, ip);
    await this.options.throttle.claim(attempt);
    const step = this.stepOf(this.options.box.open(user.twoFactorSecret ?? ''), user.email, code);
    // A code of a step already used is a replay: refused like a wrong one (and counted).
    if (step === null || !(await this.repository.useStep(user.id, step))) throw invalidCode(status);
    await this.options.throttle.succeeded(attempt);
  }

  /** The 30-second step the code belongs to (now, one before or one after), or null. */
  private stepOf(secret: string, label: string, code: string): number | null {
    const totp = totpOf(secret, label);
    const timestamp = this.now();
    const delta = totp.validate({ token: code, timestamp, window: DRIFT_STEPS });
    return delta === null ? null : totp.counter({ timestamp }) + delta;
  }
}

const alreadyEnabled = () => conflict('two_factor_already_enabled', 'Two-factor sign-in is already on');
