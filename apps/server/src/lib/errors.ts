import type { ErrorCode } from '@roomweek/contract';

/** An error the user caused or can act on: the error handler turns it into `{detail, code}` and its status. */
export class AppError extends Error {
  /** Sent as `Retry-After` (seconds) by the error handler: a 429 or 503 says when to come back. */
  retryAfterSeconds?: number;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode, detail: string, field?: string) => new AppError(400, code, detail, field);
export const unauthorized = (detail = 'Authentication required', code: ErrorCode = 'unauthorized') =>
  new AppError(401, code, detail);
export const forbidden = (detail = 'Not allowed') => new AppError(403, 'forbidden', detail);
export const notFound = (code: ErrorCode, detail: string) => new AppError(404, code, detail);
export const conflict = (code: ErrorCode, detail: string) => new AppError(409, code, detail);

/** A refusal to come back later: 429 `rate_limited` or 503 `busy`, with `Retry-After` (at least one second). */
export function retryLater(status: 429 | 503, code: ErrorCode, detail: string, retryAfterSeconds: number): AppError {
  const error = new AppError(status, code, detail);
  error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return error;
}

/** PostgreSQL SQLSTATE of an error from either driver, if any. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function constraintName(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
