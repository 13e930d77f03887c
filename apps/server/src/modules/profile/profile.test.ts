import {
  accountMessages,
  phoneMessages,
  apiPaths,
  PROFILE_PICTURE_FIELD,
  PROFILE_PICTURE_MAX_BYTES,
  profileResponse,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { media, users } from '../../db/schema/index.ts';
import {
  apiClient,
  multipartFile,
  registerVerified,
  signIn,
  uniqueEmail,
} from '../../test/accounts.ts';
import { csrfHeaders, useTestApp } from '../../test/app.ts';
import { testDatabases, useTestDatabase } from '../../test/databases.ts';
import { createSession } from '../auth/sessions.ts';
import { detectImageType } from '../media/image-type.ts';

// A real 1x1 PNG, and the first bytes of a JPEG and a WebP file (their magic numbers).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(32, 2),
]);

describe('detectImageType', () => {
  it.each([
    [PNG, 'image/png'],
    [JPEG, 'image/jpeg'],
    [WEBP, 'image/webp'],
    [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), undefined],
    [Buffer.from('GIF89a....'), undefined],
    [Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt '), undefined],
    [Buffer.alloc(0), undefined],
  ])('reads the type from the bytes (%#)', (bytes, type) => {
    expect(detectImageType(bytes)).toBe(type);
  });
});

describe.each(testDatabases())('profile on $name', (backend) => {
  const database = useTestDatabase(backend);
  const testApp = useTestApp(database);

  async function signedIn() {
    const app = await testApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
    const api = apiClient(app);
    const account = await registerVerified(api, database().db);
    const token = await signIn(api, account);
    return { app, api, account, token };
  }

  async function upload(
    app: FastifyInstance,
    token: string | undefined,
    file: { payload: Buffer; headers: Record<string, string> },
  ) {
    return app.inject({
      method: 'POST',
      url: apiPaths.profilePicture,
      payload: file.payload,
      headers: {
        ...file.headers,
        ...(await csrfHeaders(app)),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  }

  it('answers the signed-in user’s profile', async () => {
    const { api, account, token } = await signedIn();
    const response = await api.get(apiPaths.profile, token);
    expect(response.statusCode).toBe(200);
    const body = profileResponse.parse(response.json());
    expect(body).toMatchObject({
      status: 1,
      result: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        display_name: 'Ada Lovelace',
        email: account.email,
        picture: null,
        email_verified: true,
        has_password: true,
        google_linked: false,
      },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('every profile call needs a session', async () => {
    const app = await testApp();
    const api = apiClient(app);
    for (const response of [
      await api.get(apiPaths.profile),
      await api.put(apiPaths.profile, { first_name: 'A', last_name: 'B' }),
      await api.put(apiPaths.profilePassword, { current_password: 'x', new_password: 'y' }),
      await upload(app, undefined, multipartFile(PROFILE_PICTURE_FIELD, 'a.png', 'image/png', PNG)),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 0, message: accountMessages.signInRequired });
    }
  });

  describe('edit profile', () => {
    it('updates the names and joins them when no display name is given', async () => {
      const { api, token } = await signedIn();
      const response = await api.put(
        apiPaths.profile,
        { first_name: ' Grace ', last_name: 'Hopper' },
        token,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 1,
        message: accountMessages.profileUpdated,
        result: { first_name: 'Grace', last_name: 'Hopper', display_name: 'Grace Hopper' },
      });
      const named = await api.put(
        apiPaths.profile,
        { first_name: 'Grace', last_name: 'Hopper', display_name: 'Amazing Grace' },
        token,
      );
      expect(named.json().result.display_name).toBe('Amazing Grace');
      expect((await api.get(apiPaths.whoami, token)).json().result.user.display_name).toBe(
        'Amazing Grace',
      );
    });

    it('keeps an optional phone number in E.164, clears it, and refuses one in words', async () => {
      const { api, token } = await signedIn();
      const names = { first_name: 'Grace', last_name: 'Hopper' };
      const saved = await api.put(apiPaths.profile, { ...names, phone: '(416) 555-0123' }, token);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().result.phone).toBe('+14165550123');
      // Left out: unchanged.
      expect((await api.put(apiPaths.profile, names, token)).json().result.phone).toBe(
        '+14165550123',
      );
      const bad = await api.put(apiPaths.profile, { ...names, phone: '555-01' }, token);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ status: 0, message: phoneMessages.invalid });
      const cleared = await api.put(apiPaths.profile, { ...names, phone: '' }, token);
      expect(cleared.json().result.phone).toBeNull();
    });

    it.each([
      [{ first_name: '', last_name: 'B' }, 'first_name: Please enter first name'],
      [{ first_name: 'A' }, 'last_name: Please enter last name'],
      [
        { first_name: 'A', last_name: 'B', display_name: 'x'.repeat(81) },
        'display_name: Too big: expected string to have <=80 characters',
      ],
    ])('refuses %o with 400 naming the field', async (body, message) => {
      const { api, token } = await signedIn();
      const response = await api.put(apiPaths.profile, body, token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 0, message });
    });
  });

  describe('change password', () => {
    it('needs the current password, then signs out every other device', async () => {
      const { api, account, token } = await signedIn();
      const otherDevice = await signIn(api, account);

      const wrong = await api.put(
        apiPaths.profilePassword,
        { current_password: 'not-my-password', new_password: 'cedar-river-77' },
        token,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ status: 0, message: accountMessages.currentPasswordWrong });
      expect((await api.get(apiPaths.whoami, otherDevice)).statusCode).toBe(200);

      const common = await api.put(
        apiPaths.profilePassword,
        { current_password: account.password, new_password: 'iloveyou' },
        token,
      );
      expect(common.statusCode).toBe(400);
      expect(common.json().message).toBe(accountMessages.passwordTooCommon);

      const changed = await api.put(
        apiPaths.profilePassword,
        { current_password: account.password, new_password: 'cedar-river-77' },
        token,
      );
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({ status: 1, message: accountMessages.passwordChanged });
      expect((await api.get(apiPaths.whoami, token)).statusCode).toBe(200);
      expect((await api.get(apiPaths.whoami, otherDevice)).statusCode).toBe(401);
      expect((await api.post(apiPaths.login, account)).statusCode).toBe(401);
      await signIn(api, { email: account.email, password: 'cedar-river-77' });
    });

    it('tells a Google-only account to set a password with Forgot Password', async () => {
      const app = await testApp();
      const { db } = database();
      const [user] = await db
        .insert(users)
        .values({
          firstName: 'G',
          lastName: 'Only',
          displayName: 'G Only',
          email: uniqueEmail('google-only'),
          googleId: `sub-${Date.now()}`,
          emailVerifiedAt: new Date(),
        })
        .returning();
      const token = await createSession(db, { userId: user!.id, now: new Date() });
      const response = await apiClient(app).put(
        apiPaths.profilePassword,
        { current_password: 'anything', new_password: 'cedar-river-77' },
        token,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 0, message: accountMessages.noPasswordYet });
    });

    it.each([
      [{ new_password: 'cedar-river-77' }, 'current_password is required'],
      [
        { current_password: '', new_password: 'cedar-river-77' },
        'current_password: Please enter your current password',
      ],
      [{ current_password: 'x', new_password: '123' }, 'new_password: Invalid password'],
    ])('refuses %o with 400 naming the field', async (body, message) => {
      const { api, token } = await signedIn();
      const response = await api.put(apiPaths.profilePassword, body, token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 0, message });
    });
  });

  describe('profile picture', () => {
    it.each([
      ['a PNG', PNG, 'image/png', 'me.png'],
      ['a JPEG declared as PNG', JPEG, 'image/png', 'me.png'],
      ['a WebP', WEBP, 'application/octet-stream', 'me'],
    ])(
      'stores %s and serves it with the type its bytes say',
      async (_label, bytes, declared, name) => {
        const { app, api, token } = await signedIn();
        const response = await upload(
          app,
          token,
          multipartFile(PROFILE_PICTURE_FIELD, name, declared, bytes),
        );
        expect(response.statusCode).toBe(200);
        const body = profileResponse.parse(response.json());
        expect(body).toMatchObject({ status: 1, message: accountMessages.pictureUpdated });
        const picture = response.json().result.picture as string;
        expect(picture).toMatch(/^\/api\/v1\/media\/[0-9a-f-]{36}$/);
        expect((await api.get(apiPaths.profile, token)).json().result.picture).toBe(picture);

        const served = await app.inject({ method: 'GET', url: picture });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(detectImageType(bytes));
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.rawPayload.equals(bytes)).toBe(true);
      },
    );

    it('replacing the picture removes the old one', async () => {
      const { app, token } = await signedIn();
      const first = (
        await upload(app, token, multipartFile(PROFILE_PICTURE_FIELD, 'a.png', 'image/png', PNG))
      ).json().result.picture;
      const second = (
        await upload(app, token, multipartFile(PROFILE_PICTURE_FIELD, 'b.jpg', 'image/jpeg', JPEG))
      ).json().result.picture;
      expect(second).not.toBe(first);
      expect((await app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    });

    it('refuses a text file renamed .png with 415 and a clear message', async () => {
      const { app, token } = await signedIn();
      const text = Buffer.from('<script>alert(document.cookie)</script> just text, honestly');
      const response = await upload(
        app,
        token,
        multipartFile(PROFILE_PICTURE_FIELD, 'cat.png', 'image/png', text),
      );
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        status: 0,
        message: accountMessages.pictureTypeUnsupported,
      });
      expect(await database().db.select().from(media)).not.toContainEqual(
        expect.objectContaining({ byteSize: text.length }),
      );
    });

    it(`refuses more than ${PROFILE_PICTURE_MAX_BYTES} bytes with 413`, async () => {
      const { app, token } = await signedIn();
      const big = Buffer.concat([PNG, Buffer.alloc(PROFILE_PICTURE_MAX_BYTES)]);
      const response = await upload(
        app,
        token,
        multipartFile(PROFILE_PICTURE_FIELD, 'big.png', 'image/png', big),
      );
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ status: 0, message: accountMessages.pictureTooLarge });
    });

    it('accepts a picture of exactly the limit', async () => {
      const { app, token } = await signedIn();
      const exact = Buffer.concat([PNG, Buffer.alloc(PROFILE_PICTURE_MAX_BYTES - PNG.length)]);
      const response = await upload(
        app,
        token,
        multipartFile(PROFILE_PICTURE_FIELD, 'max.png', 'image/png', exact),
      );
      expect(response.statusCode).toBe(200);
    });

    it('wants multipart with a file in the "picture" field', async () => {
      const { app, api, token } = await signedIn();
      const json = await api.post(
        apiPaths.profilePicture,
        { picture: 'data:image/png;base64,xx' },
        token,
      );
      expect(json.statusCode).toBe(415);
      expect(json.json()).toEqual({ status: 0, message: accountMessages.pictureNotMultipart });

      const wrongField = await upload(
        app,
        token,
        multipartFile('avatar', 'a.png', 'image/png', PNG),
      );
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json()).toEqual({ status: 0, message: accountMessages.pictureMissing });
    });

    it('media: 404 for an unknown id, 400 for a malformed one', async () => {
      const app = await testApp();
      const unknown = await app.inject({
        method: 'GET',
        url: apiPaths.media('6f1c1b1e-8a8b-4a7e-9d51-3d2f1c1e0a11'),
      });
      expect(unknown.statusCode).toBe(404);
      const malformed = await app.inject({ method: 'GET', url: apiPaths.media('../etc/passwd') });
      expect(malformed.statusCode).toBe(400);
    });

    it('keeps pictures in the database, owned by their user', async () => {
      const { app, account, token } = await signedIn();
      await upload(app, token, multipartFile(PROFILE_PICTURE_FIELD, 'a.png', 'image/png', PNG));
      const { db } = database();
      const [owner] = await db.select().from(users).where(eq(users.email, account.email));
      const rows = await db.select().from(media).where(eq(media.ownerId, owner!.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ contentType: 'image/png', byteSize: PNG.length });
      expect(rows[0]!.bytes.equals(PNG)).toBe(true);
    });
  });
});
