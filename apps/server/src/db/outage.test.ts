import { commonMessages } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { pgliteBackend, useTestDatabase } from '../test/databases.ts';
import { DATABASE_RETRY_AFTER_SECONDS, databaseOutage, isDatabaseUnavailable } from './outage.ts';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/** What drizzle throws around a driver error. */
function failedQuery(cause: unknown): Error {
  return new Error('Failed query: select 1\nparams: ', { cause });
}

describe('isDatabaseUnavailable', () => {
  it('knows the ways a database goes away', () => {
    const down = [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      failedQuery(withCode('terminating connection due to administrator command', '57P01')),
      failedQuery(new Error('Connection terminated unexpectedly')),
      new Error('timeout exceeded when trying to connect'),
      failedQuery(withCode('connection failure', '08006')),
      failedQuery(withCode('read ECONNRESET', 'ECONNRESET')),
      failedQuery(withCode('sorry, too many clients already', '53300')),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
    ];
    for (const error of down) expect(isDatabaseUnavailable(error), error.message).toBe(true);
  });

  it('leaves bugs and bad input alone', () => {
    const notDown = [
      failedQuery(withCode('syntax error at or near "selec"', '42601')),
      failedQuery(withCode('duplicate key value violates unique constraint', '23505')),
      // A client's upload cut off: its own socket, not the database's.
      withCode('aborted', 'ECONNRESET'),
      new Error('Connection refused by the store'),
      'ECONNREFUSED',
    ];
    for (const error of notDown) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});

describe('databaseOutage', () => {
  it('logs one warning per outage and one line when it ends; background failures count no request', async () => {
    const lines: string[] = [];
    const log = {
      warn: (_: object, message: string) => lines.push(`warn ${message}`),
      info: (_: object, message: string) => lines.push(`info ${message}`),
    };
    let up = false;
    const outage = databaseOutage({
      log,
      probeIntervalMs: 10,
      ping: async () => {
        if (!up) throw new Error('down');
      },
    });
    outage.backgroundFailed(new Error('Connection terminated unexpectedly'));
    outage.requestRefused(new Error('Connection terminated unexpectedly'));
    outage.requestRefused(new Error('Connection terminated unexpectedly'));
    expect(outage.active).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    up = true;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outage.active).toBe(false);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      'warn database unreachable: answering 503 with Retry-After until it is back',
    );
    expect(lines[1]).toMatch(/^info database back after [\d.]+ s, 2 requests answered 503$/);
    outage.stop();
  });
});

describe('a request that cannot reach the database', () => {
  const database = useTestDatabase(pgliteBackend);
  const testApp = useTestApp(database);
  const PATH = '/api/v1/test/db-down';

  it('answers 503 with Retry-After and the envelope, and the outage is logged once', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await testApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
      routes: async (routes) => {
        routes.get(PATH, async () => {
          throw failedQuery(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'));
        });
      },
    });
    for (let i = 0; i < 3; i += 1) {
      const response = await app.inject({ method: 'GET', url: PATH });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(response.json()).toEqual({ status: 0, message: commonMessages.databaseUnavailable });
    }
    // The database (PGlite here) answers the outage's next ping, about a second later.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const outageLines = lines.filter((line) =>
      /database (unreachable|back)/.test(String(line.msg)),
    );
    expect(outageLines.map((line) => line.level)).toEqual([40, 30]);
    expect(outageLines[0]).toMatchObject({
      reason: 'ECONNREFUSED connect ECONNREFUSED 127.0.0.1:5432',
    });
    expect(outageLines[1]!.msg).toMatch(/^database back after [\d.]+ s, 3 requests answered 503$/);
    // No error line, no stack.
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain('"stack"');
  });
});
