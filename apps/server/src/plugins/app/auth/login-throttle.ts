import { clientAddressKey } from '../../../lib/client-address.ts';
import { retryLater } from '../../../lib/errors.ts';
import type { FailurePolicy, RateLimitsRepository } from './rate-limits-repository.ts';

/** A login attempt as the limits see it: the account it targets (existing or not) and where it comes from. */
export interface LoginAttempt {
  email: string;
  /** The request's address as Fastify resolved it (TRUST_PROXY). */
  ip: string;
}

/** A failure is forgotten after an hour without another (so waiting out the slow-down does not restart it). */
const FORGET_SECONDS = 60 * 60;
const BASE_DELAY_SECONDS = 15;
/** The longest a stranger's failures can keep an account's owner waiting, from an address the owner never used. */
export const MAX_DELAY_SECONDS = 5 * 60;
/** An address the account signed in from recently is not held back by the account's own counter. */
const KNOWN_ADDRESS_SECONDS = 30 * 24 * 60 * 60;
/** An address may fail this many times more than one account (several people behind one NAT, typos on many accounts). */
const ADDRESS_FACTOR = 4;

/**
 * Login failures slow down both the target account and the client address (IPv6 by /64), in the database so every
 * instance shares them (docs/decisions/0014-sessions-and-auth-limits.md):
 * - from the `accountFreeFailures`-th failure within an hour on, each next attempt waits 15 s, 30 s, 60 s… at most 5 min;
 *   an address gets `ADDRESS_FACTOR` times as many failures before it waits;
 * - every attempt is counted as a failure before its hash, atomically; a slowed-down one is answered 429 at once: no
 *   account lookup, no hash, and it counts as nothing;
 * - a success clears the counters of its account and its address, and marks the address as known for the account for
 *   30 days: from a known address the owner is not held back by failures a stranger caused elsewhere.
 */
export class LoginThrottle {
  private readonly account: FailurePolicy;
  private readonly address: FailurePolicy;

  /**
   * `kind` names the counters (`login`, or `two-factor` for the codes of the second step, decision 0034); with
   * `knownAddresses` off, an address the account used before gets no leniency (a code guesser already has the password).
   */
  constructor(
    private readonly limits: RateLimitsRepository,
    accountFreeFailures: number,
    private readonly kind = 'login',
    private readonly knownAddresses = true,
  ) {
    const policy = { forgetSeconds: FORGET_SECONDS, baseDelaySeconds: BASE_DELAY_SECONDS, maxDelaySeconds: MAX_DELAY_SECONDS };
    this.account = { ...policy, freeFailures: accountFreeFailures };
    this.address = { ...policy, freeFailures: accountFreeFailures * ADDRESS_FACTOR };
  }

  private keys({ email, ip }: LoginAttempt) {
    const address = clientAddressKey(ip);
    return {
      account: `${this.kind}-failures:account:${email}`,
      address: `${this.kind}-failures:address:${address}`,
      known: `${this.kind}-known:${email}:${address}`,
    };
  }

  /**
   * Counts the attempt as a failure before its password is checked, so guesses sent at once cannot all pass the check
   * before any is counted; throws 429 `rate_limited` (with Retry-After), counting nothing, while the attempt's address
   * or account is slowed down. A success clears the count again (`succeeded`).
   */
  async claim(attempt: LoginAttempt): Promise<void> {
    const keys = this.keys(attempt);
    const knownAddress = this.knownAddresses && (await this.limits.live([keys.known])).length > 0;
    const wait = await this.limits.claimAttempt([
      { key: keys.address, policy: this.address, gated: true },
      { key: keys.account, policy: this.account, gated: !knownAddress },
    ]);
    if (wait > 0) throw retryLater(429, 'rate_limited', 'Too many failed logins; please wait before trying again', wait);
  }

  /** Takes back what `claim` counted, for an attempt whose password was never checked. */
  async release(attempt: LoginAttempt): Promise<void> {
    const keys = this.keys(attempt);
    await this.limits.takeBackFailure(keys.address, this.address);
    await this.limits.takeBackFailure(keys.account, this.account);
  }

  async succeeded(attempt: LoginAttempt): Promise<void> {
    const keys = this.keys(attempt);
    await this.limits.clearAndRemember([keys.account, keys.address], { key: keys.known, seconds: KNOWN_ADDRESS_SECONDS });
  }
}
