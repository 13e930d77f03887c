import { CSRF_HEADER } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { csrfHeaders, useTestApp } from '../../test/app.ts';
import { testDatabases, useTestDatabase } from '../../test/databases.ts';
import { getOrCreateCookieSecret, getOrCreateSetting } from './settings.service.ts';

describe.each(testDatabases())('app settings on $name', (backend) => {
  const database = useTestDatabase(backend);
  const testApp = useTestApp(database);

  it('creates a setting once and returns the stored value afterwards', async () => {
    const { db } = database();
    expect(await getOrCreateSetting(db, 'greeting', () => 'hello')).toBe('hello');
    expect(await getOrCreateSetting(db, 'greeting', () => 'goodbye')).toBe('hello');
  });

  it('agrees on one generated cookie secret when many instances start at once', async () => {
    const { db } = database();
    const secrets = await Promise.all(Array.from({ length: 5 }, () => getOrCreateCookieSecret(db)));
    expect(new Set(secrets).size).toBe(1);
    expect(Buffer.from(secrets[0]!, 'base64url')).toHaveLength(32);
  });

  it('without COOKIE_SECRET, two instances on one database accept each other’s CSRF tokens', async () => {
    const env = { COOKIE_SECRET: '' };
    const first = await testApp({ env });
    const second = await testApp({ env });
    expect(first.cookieSecret).toBe(second.cookieSecret);
    expect(first.cookieSecret).toBe(await getOrCreateCookieSecret(database().db));

    const headers = await csrfHeaders(first);
    const response = await second.inject({ method: 'POST', url: '/api/v1/anything', headers });
    // Past the CSRF check (403) to the not-found envelope.
    expect(response.statusCode).toBe(404);
    expect(headers[CSRF_HEADER]).toBeTruthy();
  });
});
