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

/** Node's socket errors when the database's host does not answer or drops the connection. */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs of a database going away: shut down by an admin or a crash, starting up, too many connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres's own messages for a connection it lost or could not make (they carry no code). */
const POOL_MESSAGES = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable)/;

/**
 * True when an error (or one of its causes: drizzle wraps the driver's) says the database cannot be reached, as
 * opposed to a query it refused: the connection was refused or lost, the server is shutting down or starting, any
 * connection exception (SQLSTATE class 08). Such a request may well succeed in a moment: 503 `database_unavailable`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && POOL_MESSAGES.test(message)) return true;
    // An AggregateError (a host name resolving to several addresses, each refused).
    if (Array.isArray(errors) && errors.length > 0 && errors.every((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is told to wait (`Retry-After`) when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
