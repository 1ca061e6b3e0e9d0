import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

const SECRET_QUERY = /([?&](?:token|session_id|reset_token|code|key)=)[^&#]*/gi;

/** Where log lines go instead of stdout (tests). */
export interface LogStream {
  write(line: string): void;
}

/** A room's exported feed is `/api/ical/<token>.ics`: the path itself is the secret. */
const SECRET_PATH = /(\/ical\/).*/i;

/** Request URLs as logged: query values that are credentials, and the export feed's token in its path, are replaced. */
export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_PATH, '$1[redacted]');

/** pino options: JSON in production, pretty in development; never headers, bodies or tokens. */
export function loggerOptions(config: Config, stream?: LogStream): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    // Tests read what is logged.
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.new_password', '*.current_password'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
    },
    ...(config.NODE_ENV === 'development' && process.stdout.isTTY
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}
