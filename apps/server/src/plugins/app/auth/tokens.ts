import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'roomweek';
const ALGORITHM = 'HS256';
const LIFETIME = '7d';
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TokenClaims {
  sub: string;
  /** The user's token version when the token was issued: a password change bumps it. */
  tv: number;
}

export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(userId: string, tokenVersion: number): Promise<string> {
    return new SignJWT({ tv: tokenVersion })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(LIFETIME)
      .sign(this.key);
  }

  /** The claims of a valid token, or null: the algorithm is fixed, `exp` and `iss` are checked. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM], issuer: ISSUER });
      // A subject that is not a user id would reach the database as bad input: it is simply not a valid token.
      if (typeof payload.sub !== 'string' || !USER_ID.test(payload.sub) || typeof payload.tv !== 'number') return null;
      return { sub: payload.sub, tv: payload.tv };
    } catch {
      return null;
    }
  }
}
