import {
  accountMessages,
  apiPaths,
  clientConfigResponse,
  commonMessages,
  DEFAULT_APP_NAME,
  googleLoginResponse,
  toastMessages,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import {
  apiClient,
  registerVerified,
  registration,
  signIn,
  uniqueEmail,
} from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { testDatabases, useTestDatabase } from '../../test/databases.ts';
import {
  type GoogleSigner,
  type GoogleTokenClaims,
  startGoogleSigner,
} from '../../test/google-signer.ts';

/** What the app posts: the Google payload of spec §3, with whatever the client claims beside the token. */
function googlePayload(idToken: string, claimed: Partial<Record<string, string>> = {}) {
  return {
    google_id: 'client-said-this',
    email: 'client-said@example.com',
    first_name: 'Client',
    last_name: 'Said',
    name: 'Client Said',
    picture: '',
    id_token: idToken,
    access_token: 'access-token-we-do-not-use',
    ...claimed,
  };
}

let subjects = 0;
function identity(overrides: Partial<GoogleTokenClaims> = {}): GoogleTokenClaims {
  subjects += 1;
  return {
    sub: `10${subjects}${Math.floor(Math.random() * 1e9)}`,
    email: uniqueEmail('google'),
    given_name: 'Grace',
    family_name: 'Hopper',
    name: 'Grace Hopper',
    picture: 'https://lh3.googleusercontent.example/a/photo.jpg',
    ...overrides,
  };
}

describe.each(testDatabases())('Google sign-in on $name', (backend) => {
  const database = useTestDatabase(backend);
  const testApp = useTestApp(database);
  let signer: GoogleSigner;

  beforeAll(async () => {
    signer = await startGoogleSigner();
  });
  afterAll(async () => {
    await signer.close();
  });

  async function setup() {
    const app = await testApp({
      env: {
        GOOGLE_CLIENT_ID: signer.clientId,
        GOOGLE_JWKS_URL: signer.jwksUrl,
        RATE_LIMIT_MULTIPLIER: '100',
      },
    });
    return { app, api: apiClient(app), db: database().db };
  }

  async function userByEmail(email: string) {
    const [row] = await database().db.select().from(users).where(eq(users.email, email));
    return row;
  }

  it('creates a verified account from the token and answers token and user at top level', async () => {
    const { api } = await setup();
    const claims = identity();
    const response = await api.post(
      apiPaths.handleGoogle,
      googlePayload(await signer.sign(claims), {
        google_id: 'attacker',
        email: 'victim@example.com',
      }),
    );

    expect(response.statusCode).toBe(200);
    const body = googleLoginResponse.parse(response.json());
    expect(body).toMatchObject({ status: 1, message: toastMessages.accountCreatedWithGoogle });
    const { token, user } = response.json() as { token: string; user: Record<string, string> };
    expect(response.json().result).toBeUndefined();
    expect(user).toEqual({
      _id: expect.any(String),
      first_name: 'Grace',
      last_name: 'Hopper',
      display_name: 'Grace Hopper',
    });

    // identity from the verified claims only: the client's google_id and email were ignored
    const row = await userByEmail(claims.email);
    expect(row).toMatchObject({ id: user._id, googleId: claims.sub, passwordHash: null });
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(row!.picture).toBe(claims.picture);
    expect(await userByEmail('victim@example.com')).toBeUndefined();
    const [attacker] = await database()
      .db.select()
      .from(users)
      .where(eq(users.googleId, 'attacker'));
    expect(attacker).toBeUndefined();

    const me = await api.get(apiPaths.whoami, token);
    expect(me.statusCode).toBe(200);
    expect(me.json().result.user._id).toBe(user._id);
  });

  it('signs the same Google account into the same user next time, keyed on sub', async () => {
    const { api } = await setup();
    const claims = identity();
    const first = (
      await api.post(apiPaths.handleGoogle, googlePayload(await signer.sign(claims)))
    ).json();
    // Google says the address changed: the link follows `sub`, not the email.
    const moved = { ...claims, email: uniqueEmail('moved') };
    const second = await api.post(apiPaths.handleGoogle, googlePayload(await signer.sign(moved)));

    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      status: 1,
      message: toastMessages.loginSuccessfully,
      user: { _id: first.user._id },
    });
    expect(second.json().token).not.toBe(first.token);
    expect(await userByEmail(moved.email)).toBeUndefined();
    expect(signer.jwksRequests()).toBeGreaterThanOrEqual(1);
  });

  it('links an existing verified password account with the same email; both ways sign in', async () => {
    const { api, db } = await setup();
    const account = await registerVerified(api, db);
    const before = await userByEmail(account.email);
    const claims = identity({ email: account.email.toUpperCase() });

    const response = await api.post(
      apiPaths.handleGoogle,
      googlePayload(await signer.sign(claims)),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 1,
      message: toastMessages.loginSuccessfully,
      user: { _id: before!.id, first_name: 'Ada', last_name: 'Lovelace' },
    });
    const after = await userByEmail(account.email);
    expect(after!.googleId).toBe(claims.sub);
    expect(after!.passwordHash).toBe(before!.passwordHash);
    await signIn(api, account);
  });

  it('linking an unverified account verifies it and drops the password set before verification', async () => {
    const { api } = await setup();
    const email = uniqueEmail('prehijack');
    // Someone registered this address (maybe not its owner) and never verified it.
    await api.post(apiPaths.registration, registration(email, 'attacker-chose-this'));
    const claims = identity({ email });

    const response = await api.post(
      apiPaths.handleGoogle,
      googlePayload(await signer.sign(claims)),
    );
    expect(response.statusCode).toBe(200);
    const row = await userByEmail(email);
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(row!.passwordHash).toBeNull();
    const login = await api.post(apiPaths.login, { email, password: 'attacker-chose-this' });
    expect(login.statusCode).toBe(401);
  });

  it('does not re-point an account already linked to another Google account', async () => {
    const { api } = await setup();
    const email = uniqueEmail('linked');
    await api.post(apiPaths.handleGoogle, googlePayload(await signer.sign(identity({ email }))));
    const other = identity({ email });
    const response = await api.post(apiPaths.handleGoogle, googlePayload(await signer.sign(other)));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 0, message: toastMessages.googleSignInFailed });
  });

  describe('refuses tokens that do not prove a Google identity for this app', () => {
    const hourAgo = () => new Date(Date.now() - 60 * 60 * 1000);
    const cases: [string, (claims: GoogleTokenClaims) => Promise<string>][] = [
      ['a forged signature', (c) => signer.sign(c, { forged: true })],
      ['an expired token', (c) => signer.sign(c, { now: hourAgo(), expiresInSeconds: 600 })],
      ['a token for another app (audience)', (c) => signer.sign(c, { audience: 'other-app' })],
      ['a token from another issuer', (c) => signer.sign(c, { issuer: 'https://evil.example' })],
      ['an HS256 token', (c) => signer.signHs256(c, signer.clientId.padEnd(32, 'x'))],
      [
        'a token with its signature cut off',
        async (c) => `${(await signer.sign(c)).split('.').slice(0, 2).join('.')}.`,
      ],
    ];

    it.each(cases)('%s: 401, no account, no session', async (_label, makeToken) => {
      const { api, db } = await setup();
      const claims = identity();
      const sessionsBefore = (await db.select().from(sessions)).length;
      const response = await api.post(
        apiPaths.handleGoogle,
        googlePayload(await makeToken(claims)),
      );
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 0, message: toastMessages.googleSignInFailed });
      expect(await userByEmail(claims.email)).toBeUndefined();
      expect((await db.select().from(sessions)).length).toBe(sessionsBefore);
    });

    it('a token whose email Google has not verified: 403, nothing linked or created', async () => {
      const { api, db } = await setup();
      const account = await registerVerified(api, db);
      for (const email of [account.email, uniqueEmail('unverified-google')]) {
        const claims = identity({ email, email_verified: false });
        const response = await api.post(
          apiPaths.handleGoogle,
          googlePayload(await signer.sign(claims)),
        );
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          status: 0,
          message: accountMessages.googleEmailNotVerified,
        });
      }
      expect((await userByEmail(account.email))!.googleId).toBeNull();
    });
  });

  it('refuses a payload without id_token with 400 naming the field', async () => {
    const { api } = await setup();
    const { id_token: _dropped, ...payload } = googlePayload('x');
    const response = await api.post(apiPaths.handleGoogle, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 0, message: 'id_token is required' });
  });

  describe('google-register (carries no token)', () => {
    const payload = (email: string) => {
      const { id_token: _t, access_token: _a, ...rest } = googlePayload('x', { email });
      return rest;
    };

    it('creates nothing, grants nothing, and answers alike for known and unknown emails', async () => {
      const { api, db } = await setup();
      const account = await registerVerified(api, db);
      const unknown = uniqueEmail('google-register');
      const usersBefore = (await db.select().from(users)).length;

      const known = await api.post(apiPaths.googleRegister, payload(account.email));
      const fresh = await api.post(apiPaths.googleRegister, payload(unknown));
      for (const response of [known, fresh]) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ status: 1, message: accountMessages.continueWithGoogle });
      }
      expect(known.body).toBe(fresh.body);
      expect((await db.select().from(users)).length).toBe(usersBefore);
      expect((await userByEmail(account.email))!.googleId).toBeNull();
    });

    it('validates the payload', async () => {
      const { api } = await setup();
      const response = await api.post(apiPaths.googleRegister, { email: 'a@example.com' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^google_id is required; first_name is required/);
    });
  });

  it('client-config tells the app the Google client id', async () => {
    const { api } = await setup();
    const body = clientConfigResponse.parse((await api.get(apiPaths.clientConfig)).json());
    expect(body).toEqual({
      status: 1,
      result: { appName: DEFAULT_APP_NAME, googleClientId: signer.clientId },
    });
  });
});

describe.each(testDatabases())('Google sign-in not configured on $name', (backend) => {
  const database = useTestDatabase(backend);
  const testApp = useTestApp(database);

  it('handleGoogle and google-register answer the 404 envelope (the app falls back to its demo)', async () => {
    const app = await testApp({ env: { GOOGLE_CLIENT_ID: '' } });
    const api = apiClient(app);
    for (const url of [apiPaths.handleGoogle, apiPaths.googleRegister]) {
      const response = await api.post(url, googlePayload('x'));
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ status: 0, message: commonMessages.routeNotFound });
    }
    const config = clientConfigResponse.parse((await api.get(apiPaths.clientConfig)).json());
    expect(config).toEqual({
      status: 1,
      result: { appName: DEFAULT_APP_NAME, googleClientId: null },
    });
  });
});
