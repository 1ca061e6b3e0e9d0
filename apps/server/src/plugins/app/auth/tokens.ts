import { randomUUID } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify } from 'jose';

const ISSUER = 'roomweek';
const ALGORITHM = 'HS256';
const LIFETIME = '7d';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TokenClaims {
  sub: string;
  /** The user's token version when the token was issued: a password change or reset bumps it. */
  tv: number;
  /** The token's own id: a logout revokes it (revoked_tokens). */
  jti: string;
  expiresAt: Date;
}

export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(userId: string, tokenVersion: number): Promise<string> {
    return (await this.issue(userId, tokenVersion)).token;
  }

  /** A new token with its id and expiry (the device list keeps both, docs/decisions/0034). */
  async issue(userId: string, tokenVersion: number): Promise<{ token: string; jti: string; expiresAt: Date }> {
    const jti = randomUUID();
    const token = await new SignJWT({ tv: tokenVersion })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(userId)
      .setJti(jti)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(LIFETIME)
      .sign(this.key);
    const { exp } = decodeJwt(token);
    return { token, jti, expiresAt: new Date((exp ?? 0) * 1000) };
  }

  /**
   * The claims of a valid token, or null: the algorithm is fixed, `iss` checked, and `exp`, `iat` and `jti` are
   * required — a token signed with the right key but without an expiry would otherwise never end.
   */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['exp', 'iat', 'jti', 'sub'],
        maxTokenAge: LIFETIME,
      });
      // Ids that are not UUIDs would reach the database as bad input: such a token is simply not valid.
      const { sub, jti, tv, exp } = payload;
      if (typeof sub !== 'string' || !UUID.test(sub) || typeof jti !== 'string' || !UUID.test(jti)) return null;
      if (typeof tv !== 'number' || typeof exp !== 'number') return null;
      return { sub, tv, jti, expiresAt: new Date(exp * 1000) };
    } catch {
      return null;
    }
  }
}
