import { apiPaths, APP_VERSION, commonMessages, healthResponse } from '@localmart/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { useTestApp } from '../../test/app.ts';
import { testConfig } from '../../test/config.ts';
import { type TestDatabase, testDatabases, useTestDatabase } from '../../test/databases.ts';

describe.each(testDatabases())('health on $name', (backend) => {
  const database = useTestDatabase(backend);
  const testApp = useTestApp(database);

  it('answers 200 with the database up, the version and the uptime', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: apiPaths.health });

    expect(response.statusCode).toBe(200);
    const body = healthResponse.parse(response.json());
    expect(body).toMatchObject({
      status: 1,
      message: commonMessages.ok,
      result: { database: 'up', version: APP_VERSION },
    });
    expect(response.json().result.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  describe('when the database is gone', () => {
    let doomed: TestDatabase | undefined;
    afterEach(async () => {
      await doomed?.dispose();
    });

    it('answers 503 with the envelope', async () => {
      doomed = await backend.open();
      const app = await buildApp(testConfig(), { database: doomed.database });
      try {
        await app.ready();
        await doomed.database.close();
        const response = await app.inject({ method: 'GET', url: apiPaths.health });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ status: 0, message: commonMessages.serviceUnavailable });
      } finally {
        await app.close();
      }
    });
  });
});
