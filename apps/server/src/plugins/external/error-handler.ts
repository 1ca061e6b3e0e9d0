import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorResponse } from '@roomweek/contract';
import { AppError, DATABASE_RETRY_AFTER_SECONDS, sqlState } from '../../lib/errors.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation_error',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'validation_error',
  413: 'payload_too_large',
  415: 'validation_error',
  406: 'validation_error',
  429: 'rate_limited',
};

/** SQLSTATEs that can only come from input the schemas let through: a bad request, not a server fault. */
const INPUT_SQLSTATES: Record<string, { status: number; code: ErrorCode; detail: string }> = {
  '23P01': { status: 409, code: 'room_unavailable', detail: 'Room not available for these dates' },
  '22P02': { status: 400, code: 'validation_error', detail: 'Invalid value' },
  '22007': { status: 400, code: 'validation_error', detail: 'Invalid date' },
  '22008': { status: 400, code: 'validation_error', detail: 'Date out of range' },
  '22003': { status: 400, code: 'validation_error', detail: 'Number out of range' },
  // A NUL character (\u0000) in text or JSON: valid JSON, but PostgreSQL cannot store it.
  '22021': { status: 400, code: 'validation_error', detail: 'Text may not contain NUL characters' },
  '22P05': { status: 400, code: 'validation_error', detail: 'Text may not contain NUL characters' },
};

/**
 * Refusals the router makes before any route or hook runs (a malformed %-escape, an over-long path parameter):
 * the same `{detail, code}` shape, instead of Fastify's own. Passed as the `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 400;
  const body: ErrorResponse =
    status >= 500 ? { detail: 'Something went wrong on our side', code: 'internal_error' } : { detail: 'Malformed request path', code: 'validation_error' };
  void reply.code(status).send(body);
}

/**
 * The one error handler: `{detail, code}` with the right status for everything the user caused; 5xx details
 * are logged with the request, never sent. A database that cannot be reached is 503 `database_unavailable` with
 * `Retry-After`, logged once per outage.
 */
export default fp(
  async (app) => {
    app.setErrorHandler<FastifyError>((error, request, reply) => {
      let status = 500;
      let body: ErrorResponse = { detail: 'Something went wrong on our side', code: 'internal_error' };

      if (error instanceof AppError) {
        status = error.statusCode;
        body = { detail: error.message, code: error.code, ...(error.field ? { field: error.field } : {}) };
        if (error.retryAfterSeconds) void reply.header('retry-after', String(error.retryAfterSeconds));
      } else if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const where = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || '';
        status = 400;
        body = {
          detail: `${where ? `${where}: ` : ''}${first?.message ?? 'Invalid input'}`,
          code: 'validation_error',
          ...(where ? { field: where } : {}),
        };
      } else if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
      } else if (app.databaseOutage.report(error, `${request.method} ${request.routeOptions.url ?? 'unmatched'}`)) {
        // The database cannot be reached: logged once per outage (database-outage.ts), not per request.
        void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.code(503).send({ detail: 'The database cannot be reached right now; try again in a moment', code: 'database_unavailable' } satisfies ErrorResponse);
      } else if (sqlState(error) && INPUT_SQLSTATES[sqlState(error)!]) {
        const known = INPUT_SQLSTATES[sqlState(error)!]!;
        status = known.status;
        body = { detail: known.detail, code: known.code };
      } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        status = error.statusCode;
        body = { detail: error.message, code: CODE_BY_STATUS[status] ?? 'validation_error' };
      }

      // A 5xx the app chose (503 busy) is a known state, not a fault: no stack in the error log.
      if (status >= 500 && !(error instanceof AppError)) request.log.error({ err: error }, 'request failed');
      else if (status >= 500) request.log.warn({ code: body.code, status, ...(error.cause ? { err: error.cause } : {}) }, 'request refused');
      else request.log.info({ code: body.code, status }, 'request refused');
      return reply.code(status).send(body);
    });
  },
  { name: 'error-handler', dependencies: ['database-outage'] },
);
