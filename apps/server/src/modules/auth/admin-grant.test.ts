import { ADMIN_ROLE, apiPaths, manageMeResponse, managePaths } from '@localmart/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import {
  apiClient,
  GOOD_PASSWORD,
  latestCode,
  registerVerified,
  registration,
  signIn,
  uniqueEmail,
} from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { testDatabases, useTestDatabase } from '../../test/databases.ts';
import { grantConfiguredAdmin } from './admin-grant.ts';

describe.each(testDatabases())('ADMIN_EMAILS on $name', (backend) => {
  const database = useTestDatabase(backend);
  const testApp = useTestApp(database);

  async function rolesOf(email: string): Promise<string[] | undefined> {
    const [row] = await database()
      .db.select({ roles: users.roles })
      .from(users)
      .where(eq(users.email, email));
    return row?.roles;
  }

  async function setup(adminEmails: string) {
    const app = await testApp({ env: { RATE_LIMIT_MULTIPLIER: '100', ADMIN_EMAILS: adminEmails } });
    return { app, api: apiClient(app), db: database().db };
  }

  it('grants admin when a listed email is verified, once, and the manage site sees it', async () => {
    const email = uniqueEmail('ops');
    const { app, api, db } = await setup(`someone@else.example, ${email.toUpperCase()}`);

    await api.post(apiPaths.registration, registration(email));
    // Registered but not verified: no role, and signing in is refused before any grant.
    expect(await rolesOf(email)).toEqual(['user']);
    const early = await api.post(apiPaths.login, { email, password: GOOD_PASSWORD });
    expect(early.statusCode).not.toBe(200);
    expect(await rolesOf(email)).toEqual(['user']);

    const code = await latestCode(db, email);
    await api.post(apiPaths.otpVerification, { email, security_code: code });
    expect(await rolesOf(email)).toEqual(['user', ADMIN_ROLE]);

    // Signing in again keeps one admin role (idempotent).
    const token = await signIn(api, { email, password: GOOD_PASSWORD });
    await signIn(api, { email, password: GOOD_PASSWORD });
    expect(await rolesOf(email)).toEqual(['user', ADMIN_ROLE]);
    const me = await app.inject({
      method: 'GET',
      url: managePaths.me,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(manageMeResponse.parse(me.json()).result.isAdmin).toBe(true);
  });

  it('grants admin at sign-in to an account verified before the email was listed', async () => {
    const email = uniqueEmail('later');
    const before = await setup('');
    const account = await registerVerified(before.api, before.db, email);
    expect(await rolesOf(email)).toEqual(['user']);

    const after = await setup(email);
    await signIn(after.api, account);
    expect(await rolesOf(email)).toEqual(['user', ADMIN_ROLE]);
  });

  it('never grants admin to an unlisted email or to an unverified account', async () => {
    const listed = uniqueEmail('listed');
    const other = uniqueEmail('other');
    const { api, db } = await setup(listed);
    await registerVerified(api, db, other);
    await signIn(api, { email: other, password: GOOD_PASSWORD });
    expect(await rolesOf(other)).toEqual(['user']);

    await api.post(apiPaths.registration, registration(listed));
    const [unverified] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, listed));
    await grantConfiguredAdmin(db, unverified!.id, [listed]);
    expect(await rolesOf(listed)).toEqual(['user']);
  });
});
