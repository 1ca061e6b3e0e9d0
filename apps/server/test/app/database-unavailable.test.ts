import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError, isDatabaseUnavailable } from '../../src/lib/errors.ts';
import { useTestApp } from '../helper.ts';

/** Errors as the drivers raise them: node-postgres's DatabaseError / socket errors, wrapped by drizzle as its cause. */
const pgError = (code: string, message = 'terminating connection due to administrator command') => Object.assign(new Error(message), { code, severity: 'FATAL' });
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: 'connect' });
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select "id" from "properties"'), { cause });

describe('a database that cannot be reached', () => {
  it('is told apart from a query the database refused', () => {
    const unavailable = [
      socketError('ECONNREFUSED'),
      socketError('ECONNRESET'),
      wrapped(socketError('ECONNREFUSED')),
      pgError('57P01'),
      wrapped(pgError('57P01')),
      pgError('57P02', 'terminating connection because of crash of another server process'),
      pgError('57P03', 'the database system is starting up'),
      pgError('53300', 'sorry, too many clients already'),
      pgError('08006', 'connection failure'),
      pgError('08001', 'could not connect to server'),
      wrapped(new Error('Connection terminated unexpectedly')),
      new Error('Connection terminated due to connection timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')], ''), { code: 'ECONNREFUSED' }),
      new AggregateError([socketError('ECONNREFUSED'), socketError('EHOSTUNREACH')], ''),
    ];
    for (const error of unavailable) expect(isDatabaseUnavailable(error), String((error as Error).message)).toBe(true);
    const refused = [
      pgError('23P01', 'conflicting key value violates exclusion constraint'),
      wrapped(pgError('22P02', 'invalid input syntax for type uuid')),
      pgError('57014', 'canceling statement due to statement timeout'),
      pgError('40001', 'could not serialize access'),
      new Error('Connection refused by the policy'),
      new AppError(503, 'busy', 'Busy'),
      new AggregateError([socketError('ECONNREFUSED'), new Error('other')], ''),
      null,
      'ECONNREFUSED',
    ];
    for (const error of refused) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });

  describe('in the error handler', () => {
    const t = useTestApp();
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('answers 503 database_unavailable with Retry-After, logs the outage once and its end once', async () => {
      const logged = vi.spyOn(t.app.log, 'error');
      const info = vi.spyOn(t.app.log, 'info');
      vi.spyOn(t.app.propertiesRepository, 'list').mockRejectedValue(wrapped(socketError('ECONNREFUSED')));
      for (let i = 0; i < 3; i++) {
        const response = await t.app.inject({ url: '/api/properties' });
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toEqual({ detail: 'The database cannot be reached right now; try again in a moment', code: 'database_unavailable' });
        expect(response.body).not.toMatch(/ECONNREFUSED|5432|Failed query/);
      }
      // A job meeting it too (interval-job.ts asks the same tracker) logs nothing more.
      expect(t.app.databaseOutage.report(pgError('57P01'), 'job test')).toBe(true);
      expect(t.app.databaseOutage.down).toBe(true);
      const outageLines = logged.mock.calls.filter((call) => call.some((arg) => typeof arg === 'string' && /^database unavailable/.test(arg)));
      expect(outageLines).toHaveLength(1);
      expect(JSON.stringify(outageLines[0]![0])).toMatch(/ECONNREFUSED/);

      // The database (never really gone here) answers the probe: back, said once.
      vi.mocked(t.app.propertiesRepository.list).mockRestore();
      await vi.waitFor(() => expect(t.app.databaseOutage.down).toBe(false), { timeout: 5_000, interval: 100 });
      expect(info.mock.calls.filter((call) => call.includes('database available again'))).toHaveLength(1);
      // A connection begun before the recovery and refused after it (57P03) is a straggler, not a new outage.
      expect(t.app.databaseOutage.report(pgError('57P03', 'the database system is starting up'), 'job late')).toBe(true);
      expect(t.app.databaseOutage.down).toBe(false);
      expect(logged.mock.calls.filter((call) => call.some((arg) => typeof arg === 'string' && /^database unavailable/.test(arg)))).toHaveLength(1);
      expect((await t.app.inject({ url: '/api/properties' })).statusCode).toBe(200);
    });

    it('answers /api/health 503 database_unavailable while the database does not answer', async () => {
      vi.spyOn(t.app.db, 'execute').mockRejectedValueOnce(pgError('57P03', 'the database system is starting up'));
      const response = await t.app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ code: 'database_unavailable' });
      await vi.waitFor(() => expect(t.app.databaseOutage.down).toBe(false), { timeout: 5_000, interval: 100 });
    });

    it('leaves other failures as they were: a refused query is still a 500 internal_error', async () => {
      t.app.publicCache.invalidate(); // the answer of the test before is cached
      vi.spyOn(t.app.propertiesRepository, 'list').mockRejectedValue(wrapped(pgError('42P01', 'relation does not exist')));
      const response = await t.app.inject({ url: '/api/properties' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Something went wrong on our side', code: 'internal_error' });
      expect(t.app.databaseOutage.down).toBe(false);
    });
  });
});
