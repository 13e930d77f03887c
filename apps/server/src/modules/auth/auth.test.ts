import { createHash } from 'node:crypto';
import {
  accountMessages,
  apiPaths,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_COOLDOWN_SECONDS,
  CODE_TTL_MINUTES,
  commonMessages,
  DEFAULT_APP_NAME,
  loginResponse,
  registrationSuccessful,
  resendCodeWait,
  RESET_LINK_TTL_MINUTES,
  toastMessages,
  whoamiResponse,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { oneTimeCodes, passwordResetTokens, sessions, users } from '../../db/schema/index.ts';
import {
  apiClient,
  GOOD_PASSWORD,
  latestCode,
  latestResetLink,
  mailTo,
  MINUTE,
  registerVerified,
  registration,
  signIn,
  type TestClock,
  testClock,
  uniqueEmail,
} from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { testConfig } from '../../test/config.ts';
import { testDatabases, useTestDatabase } from '../../test/databases.ts';
import { authDeps } from './auth-deps.ts';
import { login, register } from './auth.service.ts';
import { argon2Hasher } from './passwords.ts';

/** Many sign-ups from one address in one file: scale the limits (rate limits have their own tests). */
const ENV = { RATE_LIMIT_MULTIPLIER: '100' };
const COOLDOWN_MS = CODE_RESEND_COOLDOWN_SECONDS * 1000;

describe.each(testDatabases())('accounts on $name', (backend) => {
  const database = useTestDatabase(backend);
  const testApp = useTestApp(database);

  async function setup({
    clock,
    env = {},
  }: { clock?: TestClock; env?: Record<string, string> } = {}) {
    const app = await testApp({ env: { ...ENV, ...env }, ...(clock ? { now: clock.now } : {}) });
    return { app, api: apiClient(app), db: database().db };
  }

  async function userRow(email: string) {
    const [row] = await database().db.select().from(users).where(eq(users.email, email));
    return row;
  }

  describe('registration', () => {
    it('creates an unverified account, stores an argon2id hash and emails a 6-digit code', async () => {
      const { api, db } = await setup();
      const email = uniqueEmail('new');
      const response = await api.post(apiPaths.registration, {
        ...registration(email),
        email: email.toUpperCase(),
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 1,
        message: registrationSuccessful(DEFAULT_APP_NAME),
      });
      const row = await userRow(email);
      expect(row).toMatchObject({
        email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        displayName: 'Ada Lovelace',
        emailVerifiedAt: null,
        googleId: null,
        roles: ['user'],
      });
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);

      const code = await latestCode(db, email);
      expect(code).toMatch(/^\d{6}$/);
      const [stored] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, email));
      expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored!.codeHash).not.toContain(code!);
      expect(stored!.attempts).toBe(0);
    });

    it.each([
      [{ first_name: '' }, 'first_name: Please enter first name'],
      [{ last_name: '   ' }, 'last_name: Please enter last name'],
      [{ email: '' }, 'email: Please enter email id'],
      [{ email: 'not-an-email' }, 'email: Please enter valid email id'],
      [{ password: '' }, 'password: Enter password'],
      [{ password: '12345' }, 'password: Invalid password'],
      [{ password: 'x'.repeat(129) }, 'password: Password must be at most 128 characters'],
    ])('refuses %o with 400 naming the field', async (change, message) => {
      const { api } = await setup();
      const response = await api.post(apiPaths.registration, { ...registration(), ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 0, message });
    });

    it('names every missing field at once', async () => {
      const { api } = await setup();
      const response = await api.post(apiPaths.registration, {});
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'first_name: Please enter first name; last_name: Please enter last name; email: Please enter email id; password: Enter password',
      );
    });

    it.each(['password1', 'qwerty123', 'Iloveyou', 'FOOTBALL1'])(
      'refuses the common password %s with a clear message and creates nothing',
      async (password) => {
        const { api, db } = await setup();
        const email = uniqueEmail('common');
        const response = await api.post(apiPaths.registration, registration(email, password));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ status: 0, message: accountMessages.passwordTooCommon });
        expect(await userRow(email)).toBeUndefined();
        expect(await mailTo(db, email)).toEqual([]);
      },
    );

    it('answers an already verified email like a new one and warns its owner instead', async () => {
      const { api, db } = await setup();
      const account = await registerVerified(api, db);
      const before = await userRow(account.email);

      const again = await api.post(
        apiPaths.registration,
        registration(account.email, 'another-password-1'),
      );
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({
        status: 1,
        message: registrationSuccessful(DEFAULT_APP_NAME),
      });
      const [latest] = await mailTo(db, account.email);
      expect(latest!.subject).toMatch(/someone tried to register/i);
      expect(latest!.text).not.toMatch(/\b\d{6}\b/);
      // nothing changed: the old password still works
      expect(await userRow(account.email)).toEqual(before);
      await signIn(api, account);
    });

    it('re-registering an unverified email sends a fresh code, and the newest password wins', async () => {
      const clock = testClock();
      const { api, db } = await setup({ clock });
      const email = uniqueEmail('again');
      await api.post(apiPaths.registration, registration(email, 'first-password-1'));
      const firstCode = await latestCode(db, email);

      clock.advance(COOLDOWN_MS + 1000);
      const again = await api.post(apiPaths.registration, {
        ...registration(email, 'second-password-2'),
        first_name: 'Grace',
      });
      expect(again.json()).toEqual({
        status: 1,
        message: registrationSuccessful(DEFAULT_APP_NAME),
      });
      const secondCode = await latestCode(db, email);
      expect(secondCode).toMatch(/^\d{6}$/);
      expect((await mailTo(db, email)).length).toBe(2);

      if (firstCode !== secondCode) {
        const old = await api.post(apiPaths.otpVerification, { email, security_code: firstCode });
        expect(old.statusCode).toBe(400);
      }
      const verified = await api.post(apiPaths.otpVerification, {
        email,
        security_code: secondCode,
      });
      expect(verified.statusCode).toBe(200);
      expect(
        (await api.post(apiPaths.login, { email, password: 'first-password-1' })).statusCode,
      ).toBe(401);
      const token = await signIn(api, { email, password: 'second-password-2' });
      const me = whoamiResponse.parse((await api.get(apiPaths.whoami, token)).json());
      expect(me.status === 1 && me.result.user.first_name).toBe('Grace');
    });
  });

  describe('re-registration inside the cooldown (pre-hijack)', () => {
    // The rule: a re-registration replaces the password and every earlier code together, cooldown
    // or not; only the code mailed after the new password can verify the account.
    it("the first registrant's code cannot verify the account whose password a second registrant replaced", async () => {
      const { api, db } = await setup();
      const email = uniqueEmail('prehijack');
      await api.post(apiPaths.registration, registration(email, 'first-password-1'));
      const firstCode = (await latestCode(db, email))!;

      // inside the cooldown (the clock does not move); again until the digits differ (1 in 10^6)
      let secondCode = firstCode;
      while (secondCode === firstCode) {
        const again = await api.post(
          apiPaths.registration,
          registration(email, 'second-password-2'),
        );
        expect(again.statusCode).toBe(200);
        secondCode = (await latestCode(db, email))!;
      }

      const old = await api.post(apiPaths.otpVerification, { email, security_code: firstCode });
      expect(old.statusCode).toBe(400);
      expect(old.json()).toEqual({ status: 0, message: accountMessages.invalidOrExpiredCode });
      expect((await userRow(email))!.emailVerifiedAt).toBeNull();
      const early = await api.post(apiPaths.login, { email, password: 'second-password-2' });
      expect(early.statusCode).toBe(403);

      // the code mailed with the new password is the one that verifies
      const fresh = await api.post(apiPaths.otpVerification, { email, security_code: secondCode });
      expect(fresh.statusCode).toBe(200);
      await signIn(api, { email, password: 'second-password-2' });
    });
  });

  describe('otp-verification', () => {
    it('verifies with the right code, welcomes the user, and the code works once', async () => {
      const { api, db } = await setup();
      const email = uniqueEmail('verify');
      await api.post(apiPaths.registration, registration(email));
      const code = await latestCode(db, email);

      const response = await api.post(apiPaths.otpVerification, { email, security_code: code });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 1, message: accountMessages.emailVerified });
      expect((await userRow(email))!.emailVerifiedAt).toBeInstanceOf(Date);
      expect(await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, email))).toEqual([]);
      const [welcome] = await mailTo(db, email);
      expect(welcome!.subject).toBe(`Welcome to ${DEFAULT_APP_NAME}`);

      const replay = await api.post(apiPaths.otpVerification, { email, security_code: code });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual({ status: 0, message: accountMessages.invalidOrExpiredCode });
    });

    it(`kills the code after ${CODE_MAX_ATTEMPTS} wrong tries: then even the right code fails`, async () => {
      const { api, db } = await setup();
      const email = uniqueEmail('wrong');
      await api.post(apiPaths.registration, registration(email));
      const code = (await latestCode(db, email))!;
      const wrong = code === '000000' ? '111111' : '000000';

      for (let i = 0; i < CODE_MAX_ATTEMPTS; i += 1) {
        const response = await api.post(apiPaths.otpVerification, { email, security_code: wrong });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(accountMessages.invalidOrExpiredCode);
      }
      const right = await api.post(apiPaths.otpVerification, { email, security_code: code });
      expect(right.statusCode).toBe(400);
      expect((await userRow(email))!.emailVerifiedAt).toBeNull();
    });

    it('accepts the right code after fewer wrong tries', async () => {
      const { api, db } = await setup();
      const email = uniqueEmail('almost');
      await api.post(apiPaths.registration, registration(email));
      const code = (await latestCode(db, email))!;
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < CODE_MAX_ATTEMPTS - 1; i += 1) {
        await api.post(apiPaths.otpVerification, { email, security_code: wrong });
      }
      const right = await api.post(apiPaths.otpVerification, { email, security_code: code });
      expect(right.statusCode).toBe(200);
    });

    it(`refuses a code older than ${CODE_TTL_MINUTES} minutes`, async () => {
      const clock = testClock();
      const { api, db } = await setup({ clock });
      const email = uniqueEmail('late');
      await api.post(apiPaths.registration, registration(email));
      const code = await latestCode(db, email);

      clock.advance(CODE_TTL_MINUTES * MINUTE + 1000);
      const response = await api.post(apiPaths.otpVerification, { email, security_code: code });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(accountMessages.invalidOrExpiredCode);
    });

    it('answers an email without a pending code like a wrong code', async () => {
      const { api } = await setup();
      const response = await api.post(apiPaths.otpVerification, {
        email: uniqueEmail('nobody'),
        security_code: '123456',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 0, message: accountMessages.invalidOrExpiredCode });
    });

    it.each([
      [{ security_code: '' }, 'security_code: Please enter your email verification code'],
      [{ security_code: '12a456' }, 'security_code: Enter the 6-digit code'],
      [{ security_code: '1234567' }, 'security_code: Enter the 6-digit code'],
      [{ email: 'nope' }, 'email: Please enter valid email id'],
    ])('refuses %o with 400 naming the field', async (change, message) => {
      const { api } = await setup();
      const response = await api.post(apiPaths.otpVerification, {
        email: 'a@example.com',
        security_code: '123456',
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 0, message });
    });
  });

  describe('resend-otp', () => {
    it('answers an unknown and a verified email identically, step by step, and mails neither', async () => {
      const clock = testClock();
      const { api, db } = await setup({ clock });
      const verified = await registerVerified(api, db);
      const unknown = uniqueEmail('unknown');
      const mailsBefore = (await mailTo(db, verified.email)).length;
      const both = async (call: (email: string) => Promise<{ statusCode: number; body: string }>) =>
        Promise.all([verified.email, unknown].map(call));
      const resend = (email: string) => api.post(apiPaths.resendOtp, { email });

      // first ask: the neutral "if needed" answer, with the full cooldown
      const first = await both(resend);
      // inside the cooldown: the honest wait, the same number of seconds
      clock.advance(18_000);
      const second = await both(resend);
      // five wrong tries kill a code; they kill the stand-in of an email without one alike
      const tries = await both(async (email) => {
        let last = { statusCode: 0, body: '' };
        for (let i = 0; i < CODE_MAX_ATTEMPTS; i += 1) {
          last = await api.post(apiPaths.otpVerification, { email, security_code: '000000' });
        }
        return last;
      });
      const third = await both(resend);

      expect(first[0]!.body).toBe(first[1]!.body);
      expect(JSON.parse(first[0]!.body)).toEqual({
        status: 1,
        message: accountMessages.codeSent,
        result: { retryAfterSeconds: CODE_RESEND_COOLDOWN_SECONDS },
      });
      expect(second[0]!.body).toBe(second[1]!.body);
      expect(JSON.parse(second[0]!.body)).toEqual({
        status: 1,
        message: resendCodeWait(CODE_RESEND_COOLDOWN_SECONDS - 18),
        result: { retryAfterSeconds: CODE_RESEND_COOLDOWN_SECONDS - 18 },
      });
      expect(tries[0]!.body).toBe(tries[1]!.body);
      expect(third[0]!.body).toBe(third[1]!.body);
      expect(JSON.parse(third[0]!.body).message).toBe(accountMessages.codeSent);
      for (const answer of [...first, ...second, ...tries, ...third]) {
        expect([200, 400]).toContain(answer.statusCode);
      }
      expect(await mailTo(db, verified.email)).toHaveLength(mailsBefore);
      expect(await mailTo(db, unknown)).toEqual([]);
      // no unknown address is kept in clear
      expect(await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, unknown))).toEqual(
        [],
      );
    });

    it('answers a just-registered email as one just registered again while verified, or just asked', async () => {
      const clock = testClock();
      const { api, db } = await setup({ clock });
      const verified = await registerVerified(api, db);
      const pending = uniqueEmail('pending');
      const unknown = uniqueEmail('unknown');
      await api.post(apiPaths.registration, registration(pending));
      await api.post(apiPaths.registration, registration(verified.email, 'another-password-1'));
      await api.post(apiPaths.resendOtp, { email: unknown });

      clock.advance(5_000);
      const answers = await Promise.all(
        [pending, verified.email, unknown].map((email) => api.post(apiPaths.resendOtp, { email })),
      );
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({
          status: 1,
          message: resendCodeWait(CODE_RESEND_COOLDOWN_SECONDS - 5),
          result: { retryAfterSeconds: CODE_RESEND_COOLDOWN_SECONDS - 5 },
        });
      }
    });

    it('inside the cooldown, while the code still works: says when, sends nothing', async () => {
      const clock = testClock();
      const { api, db } = await setup({ clock });
      const email = uniqueEmail('wait');
      await api.post(apiPaths.registration, registration(email));
      const code = (await latestCode(db, email))!;

      clock.advance(18_000);
      const soon = await api.post(apiPaths.resendOtp, { email });
      expect(soon.statusCode).toBe(200);
      expect(soon.json()).toEqual({
        status: 1,
        message:
          'If this email needs activation, the latest code we sent still works. You can ask for a new code in 42 s.',
        result: { retryAfterSeconds: 42 },
      });
      expect(await mailTo(db, email)).toHaveLength(1);
      // and it is true: the code still works
      const verified = await api.post(apiPaths.otpVerification, { email, security_code: code });
      expect(verified.statusCode).toBe(200);
    });

    it(`a code killed by ${CODE_MAX_ATTEMPTS} wrong tries is replaced at once, cooldown or not`, async () => {
      const clock = testClock();
      const { api, db } = await setup({ clock });
      const email = uniqueEmail('dead');
      await api.post(apiPaths.registration, registration(email));
      const first = (await latestCode(db, email))!;
      const wrong = first === '000000' ? '111111' : '000000';
      for (let i = 0; i < CODE_MAX_ATTEMPTS; i += 1) {
        await api.post(apiPaths.otpVerification, { email, security_code: wrong });
      }

      clock.advance(5_000);
      const resent = await api.post(apiPaths.resendOtp, { email });
      expect(resent.json()).toEqual({
        status: 1,
        message: accountMessages.codeSent,
        result: { retryAfterSeconds: CODE_RESEND_COOLDOWN_SECONDS },
      });
      expect(await mailTo(db, email)).toHaveLength(2);
      const fresh = (await latestCode(db, email))!;
      const verified = await api.post(apiPaths.otpVerification, { email, security_code: fresh });
      expect(verified.statusCode).toBe(200);
      await signIn(api, { email, password: GOOD_PASSWORD });
    });

    it('a code whose mail failed is dead: resend sends a new one at once, cooldown or not', async () => {
      const clock = testClock();
      const { app, api, db } = await setup({ clock });
      const email = uniqueEmail('undelivered');
      const lost: string[] = [];
      const failingMailer = {
        ...app.mailer,
        send: async (message: { text: string }) => {
          lost.push(message.text);
          return false;
        },
      };
      const deps = { ...authDeps(app, testConfig()), mailer: failingMailer };
      await register(deps, { ...registration(email), email });
      expect(await mailTo(db, email)).toEqual([]);
      const lostCode = /\b(\d{6})\b/.exec(lost[0]!)![1]!;

      clock.advance(5_000);
      const resent = await api.post(apiPaths.resendOtp, { email });
      expect(resent.json().message).toBe(accountMessages.codeSent);
      const fresh = (await latestCode(db, email))!;
      expect(fresh).toMatch(/^\d{6}$/);
      if (fresh !== lostCode) {
        const old = await api.post(apiPaths.otpVerification, { email, security_code: lostCode });
        expect(old.statusCode).toBe(400);
      }
      const verified = await api.post(apiPaths.otpVerification, { email, security_code: fresh });
      expect(verified.statusCode).toBe(200);
    });

    it(`sends nothing new within ${CODE_RESEND_COOLDOWN_SECONDS} s, then a new code that replaces the old`, async () => {
      const clock = testClock();
      const { api, db } = await setup({ clock });
      const email = uniqueEmail('resend');
      await api.post(apiPaths.registration, registration(email));
      const first = (await latestCode(db, email))!;

      const soon = await api.post(apiPaths.resendOtp, { email });
      expect(soon.json()).toEqual({
        status: 1,
        message: resendCodeWait(CODE_RESEND_COOLDOWN_SECONDS),
        result: { retryAfterSeconds: CODE_RESEND_COOLDOWN_SECONDS },
      });
      expect(await mailTo(db, email)).toHaveLength(1);

      clock.advance(COOLDOWN_MS + 1000);
      await api.post(apiPaths.resendOtp, { email: ` ${email.toUpperCase()} ` });
      expect(await mailTo(db, email)).toHaveLength(2);
      const second = (await latestCode(db, email))!;

      if (first !== second) {
        const old = await api.post(apiPaths.otpVerification, { email, security_code: first });
        expect(old.statusCode).toBe(400);
      }
      const fresh = await api.post(apiPaths.otpVerification, { email, security_code: second });
      expect(fresh.statusCode).toBe(200);
    });

    it('a new code invalidates the old one even when the digits differ', async () => {
      const clock = testClock();
      const { api, db } = await setup({ clock });
      const email = uniqueEmail('replace');
      await api.post(apiPaths.registration, registration(email));
      // Resend until the digits differ (a repeat is a one-in-a-million event, but be exact).
      const first = (await latestCode(db, email))!;
      let second = first;
      while (second === first) {
        clock.advance(COOLDOWN_MS + 1000);
        await api.post(apiPaths.resendOtp, { email });
        second = (await latestCode(db, email))!;
      }
      const old = await api.post(apiPaths.otpVerification, { email, security_code: first });
      expect(old.statusCode).toBe(400);
      expect(
        (await api.post(apiPaths.otpVerification, { email, security_code: second })).statusCode,
      ).toBe(200);
    });

    it.each([
      [{}, 'email: Please enter email'],
      [{ email: '' }, 'email: Please enter email'],
      [{ email: 'x@' }, 'email: Please enter a valid email address'],
    ])('refuses %o with 400 naming the field', async (body, message) => {
      const { api } = await setup();
      const response = await api.post(apiPaths.resendOtp, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 0, message });
    });
  });

  describe('login', () => {
    it('signs in with trimmed email and password, answering token and user', async () => {
      const { api, db } = await setup();
      const account = await registerVerified(api, db);
      const response = await api.post(apiPaths.login, {
        email: `  ${account.email.toUpperCase()} `,
        password: ` ${account.password}  `,
      });

      expect(response.statusCode).toBe(200);
      const body = loginResponse.parse(response.json());
      expect(body).toMatchObject({ status: 1, message: toastMessages.loginSuccessfully });
      const { result } = response.json() as { result: { token: string; user: object } };
      expect(result.token).toMatch(/^[\w-]{43}$/);
      const row = await userRow(account.email);
      expect(result.user).toEqual({
        _id: row!.id,
        first_name: 'Ada',
        last_name: 'Lovelace',
        display_name: 'Ada Lovelace',
      });
      expect(response.headers['cache-control']).toBe('no-store');

      // The token is stored only as its sha256.
      const [session] = await db.select().from(sessions).where(eq(sessions.userId, row!.id));
      expect(session!.tokenHash).toBe(createHash('sha256').update(result.token).digest('hex'));
    });

    it('issues a new token at every login; each one works', async () => {
      const { api, db } = await setup();
      const account = await registerVerified(api, db);
      const first = await signIn(api, account);
      const second = await signIn(api, account);
      expect(first).not.toBe(second);
      expect((await api.get(apiPaths.whoami, first)).statusCode).toBe(200);
      expect((await api.get(apiPaths.whoami, second)).statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown email identically', async () => {
      const { api, db } = await setup();
      const account = await registerVerified(api, db);
      const wrong = await api.post(apiPaths.login, { ...account, password: 'not-the-password' });
      const unknown = await api.post(apiPaths.login, {
        email: uniqueEmail('ghost'),
        password: 'not-the-password',
      });
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ status: 0, message: accountMessages.invalidCredentials });
      }
    });

    it('flags an unverified account with showActivationLink, but only for the right password', async () => {
      const { api } = await setup();
      const email = uniqueEmail('unverified');
      await api.post(apiPaths.registration, registration(email));

      const right = await api.post(apiPaths.login, { email, password: GOOD_PASSWORD });
      expect(right.statusCode).toBe(403);
      expect(right.json()).toEqual({
        status: 0,
        message: accountMessages.emailNotVerified,
        showActivationLink: true,
      });
      const wrong = await api.post(apiPaths.login, { email, password: 'not-the-password' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ status: 0, message: accountMessages.invalidCredentials });
    });

    it('runs argon2 against a real dummy hash for an unknown email (timing tells nothing)', async () => {
      const { app } = await setup();
      const verify = vi.fn(argon2Hasher.verify);
      const deps = { ...authDeps(app, testConfig()), passwords: { ...argon2Hasher, verify } };

      const outcome = await login(deps, { email: uniqueEmail('nobody'), password: 'guess-123' });
      expect(outcome).toEqual({ kind: 'invalid-credentials' });
      expect(verify).toHaveBeenCalledTimes(1);
      const dummy = await argon2Hasher.dummyHash();
      expect(verify).toHaveBeenCalledWith(dummy, 'guess-123');
      expect(dummy).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    });

    it.each([
      [
        { email: '', password: '' },
        'email: Please enter your email address; password: Please enter password',
      ],
      [{ email: 'nope', password: 'secret-1' }, 'email: Please enter a valid email address'],
      [{ email: 'a@example.com', password: '12345' }, 'password: Invalid password'],
      [{ email: 'a@example.com' }, 'password: Please enter password'],
    ])('refuses %o with 400 naming the fields', async (body, message) => {
      const { api } = await setup();
      const response = await api.post(apiPaths.login, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 0, message });
    });
  });

  describe('whoami, sessions and logout', () => {
    it('whoami answers the user and the same token', async () => {
      const { api, db } = await setup();
      const account = await registerVerified(api, db);
      const token = await signIn(api, account);
      const response = await api.get(apiPaths.whoami, token);
      expect(response.statusCode).toBe(200);
      const body = whoamiResponse.parse(response.json());
      expect(body.status === 1 && body.result.token).toBe(token);
      expect(body.status === 1 && Object.keys(body.result.user).sort()).toEqual([
        '_id',
        'display_name',
        'first_name',
        'last_name',
      ]);
    });

    it.each([
      ['no token', undefined],
      ['a malformed token', 'not a token'],
      ['an unknown token', 'A'.repeat(43)],
    ])('whoami with %s answers 401 asking to sign in', async (_label, token) => {
      const { app } = await setup();
      const response = await app.inject({
        method: 'GET',
        url: apiPaths.whoami,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 0, message: accountMessages.signInRequired });
      expect(response.headers['www-authenticate']).toBe('Bearer');
    });

    it('logout revokes the session: the token no longer works anywhere', async () => {
      const { api, db } = await setup();
      const account = await registerVerified(api, db);
      const token = await signIn(api, account);
      const other = await signIn(api, account);

      const response = await api.post(apiPaths.logout, {}, token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 1, message: toastMessages.logoutSuccessfully });

      expect((await api.get(apiPaths.whoami, token)).statusCode).toBe(401);
      expect((await api.get(apiPaths.profile, token)).statusCode).toBe(401);
      expect((await api.post(apiPaths.logout, {}, token)).statusCode).toBe(401);
      // only that session: the other device stays signed in
      expect((await api.get(apiPaths.whoami, other)).statusCode).toBe(200);
    });

    it('logout accepts a call without a body, and refuses one without a token', async () => {
      const { app, api, db } = await setup();
      const token = await signIn(api, await registerVerified(api, db));
      const bare = await app.inject({
        method: 'POST',
        url: apiPaths.logout,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(bare.statusCode).toBe(200);
      const anonymous = await api.post(apiPaths.logout, {});
      expect(anonymous.statusCode).toBe(401);
    });

    it('sessions slide: used within 30 days they live on, left alone they expire', async () => {
      const clock = testClock();
      const { api, db } = await setup({ clock });
      const token = await signIn(api, await registerVerified(api, db));
      const day = 24 * 60 * MINUTE;

      clock.advance(29 * day);
      expect((await api.get(apiPaths.whoami, token)).statusCode).toBe(200);
      clock.advance(29 * day);
      expect((await api.get(apiPaths.whoami, token)).statusCode).toBe(200);
      clock.advance(30 * day + 1000);
      expect((await api.get(apiPaths.whoami, token)).statusCode).toBe(401);
    });

    it('records last use at most once a minute', async () => {
      const clock = testClock();
      const { api, db } = await setup({ clock });
      const account = await registerVerified(api, db);
      const token = await signIn(api, account);
      const userId = (await userRow(account.email))!.id;
      const lastSeen = async () =>
        (await db.select().from(sessions).where(eq(sessions.userId, userId)))[0]!.lastSeenAt;
      const start = await lastSeen();

      clock.advance(30_000);
      await api.get(apiPaths.whoami, token);
      expect(await lastSeen()).toEqual(start);
      clock.advance(31_000);
      await api.get(apiPaths.whoami, token);
      expect((await lastSeen()).getTime()).toBe(clock.now().getTime());
    });

    it('the CMS keeps serving anonymous visitors and any token, valid or not', async () => {
      const { api, db } = await setup();
      const token = await signIn(api, await registerVerified(api, db));
      await api.post(apiPaths.logout, {}, token);
      const fresh = await signIn(api, await registerVerified(api, db));
      for (const bearer of [undefined, 'garbage', 'A'.repeat(43), token, fresh]) {
        const response = await api.get(apiPaths.pages, bearer);
        expect(response.statusCode, String(bearer)).toBe(200);
        expect(response.json().status).toBe(1);
      }
    });
  });

  describe('forgot-password and reset-password', () => {
    const baseurl = 'http://localhost:3000/login';

    it('answers known and unknown emails identically; only the known one gets a link', async () => {
      const { api, db } = await setup();
      const account = await registerVerified(api, db);
      const unknown = uniqueEmail('unknown');
      const known = await api.post(apiPaths.forgotPassword, { email: account.email, baseurl });
      const other = await api.post(apiPaths.forgotPassword, { email: unknown, baseurl });

      expect(known.statusCode).toBe(other.statusCode);
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(other.body);
      expect(known.json()).toEqual({ status: 1, message: accountMessages.resetLinkSent });
      expect(await latestResetLink(db, account.email)).toMatch(
        /^http:\/\/localhost:3000\/reset-password\/[\w-]{22}$/,
      );
      expect(await mailTo(db, unknown)).toEqual([]);
    });

    it('never mails a link to a host the caller chose: an unlisted origin falls back to APP_URL', async () => {
      const { api, db } = await setup();
      const account = await registerVerified(api, db);
      await api.post(apiPaths.forgotPassword, {
        email: account.email,
        baseurl: 'https://evil.example/steal?x=1',
      });
      const [mail] = await mailTo(db, account.email);
      expect(mail!.text + mail!.html).not.toContain('evil.example');
      expect(await latestResetLink(db, account.email)).toMatch(
        /^http:\/\/localhost:3000\/reset-password\//,
      );
    });

    it('uses the origin of baseurl when it is a configured one (CORS_ORIGINS)', async () => {
      const { api, db } = await setup({ env: { CORS_ORIGINS: 'https://shop.example.com' } });
      const account = await registerVerified(api, db);
      await api.post(apiPaths.forgotPassword, {
        email: account.email,
        baseurl: 'https://shop.example.com/login?return_url=profile',
      });
      expect(await latestResetLink(db, account.email)).toMatch(
        /^https:\/\/shop\.example\.com\/reset-password\/[\w-]{22}$/,
      );
    });

    it.each([
      [{ baseurl }, 'email: Please enter your email address'],
      [{ email: 'x@', baseurl }, 'email: Please enter a valid email address'],
      [
        { email: 'a@example.com', baseurl: 'not a url' },
        'baseurl: baseurl must be an absolute URL',
      ],
      [{ email: 'a@example.com' }, 'baseurl: baseurl must be an absolute URL'],
    ])(
      'refuses %o with 400, the message also in results.error (spec §8)',
      async (body, message) => {
        const { api } = await setup();
        const response = await api.post(apiPaths.forgotPassword, body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ status: 0, message, results: { error: message } });
      },
    );

    async function resetToken(api: ReturnType<typeof apiClient>, email: string) {
      await api.post(apiPaths.forgotPassword, { email, baseurl });
      const link = await latestResetLink(database().db, email);
      return link!.split('/').at(-1)!;
    }

    it('resets the password once, revokes every session, and keeps the token only hashed', async () => {
      const { api, db } = await setup();
      const account = await registerVerified(api, db);
      const sessionA = await signIn(api, account);
      const sessionB = await signIn(api, account);
      const token = await resetToken(api, account.email);
      const [stored] = await db.select().from(passwordResetTokens);
      expect(stored!.tokenHash).not.toContain(token);

      const response = await api.post(apiPaths.resetPassword, {
        token,
        password: 'cedar-river-77',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 1, message: accountMessages.passwordReset });

      for (const session of [sessionA, sessionB]) {
        expect((await api.get(apiPaths.whoami, session)).statusCode).toBe(401);
      }
      expect((await api.post(apiPaths.login, account)).statusCode).toBe(401);
      await signIn(api, { email: account.email, password: 'cedar-river-77' });

      const replay = await api.post(apiPaths.resetPassword, { token, password: 'other-pass-88' });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual({
        status: 0,
        message: accountMessages.resetLinkInvalid,
        results: { error: accountMessages.resetLinkInvalid },
      });
    });

    it(`refuses a link older than ${RESET_LINK_TTL_MINUTES} minutes`, async () => {
      const clock = testClock();
      const { api, db } = await setup({ clock });
      const account = await registerVerified(api, db);
      const token = await resetToken(api, account.email);
      clock.advance(RESET_LINK_TTL_MINUTES * MINUTE + 1000);
      const response = await api.post(apiPaths.resetPassword, {
        token,
        password: 'cedar-river-77',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(accountMessages.resetLinkInvalid);
      await signIn(api, account);
    });

    it('a newer link does not revive an older used one, and using one retires the others', async () => {
      const clock = testClock();
      const { api, db } = await setup({ clock });
      const account = await registerVerified(api, db);
      const first = await resetToken(api, account.email);
      const second = await resetToken(api, account.email);
      expect(
        (await api.post(apiPaths.resetPassword, { token: second, password: 'cedar-river-77' }))
          .statusCode,
      ).toBe(200);
      expect(
        (await api.post(apiPaths.resetPassword, { token: first, password: 'birch-lake-55' }))
          .statusCode,
      ).toBe(400);
    });

    it('refuses a common new password without using up the link', async () => {
      const { api, db } = await setup();
      const account = await registerVerified(api, db);
      const token = await resetToken(api, account.email);
      const common = await api.post(apiPaths.resetPassword, { token, password: 'sunshine' });
      expect(common.statusCode).toBe(400);
      expect(common.json()).toEqual({ status: 0, message: accountMessages.passwordTooCommon });
      const good = await api.post(apiPaths.resetPassword, { token, password: 'cedar-river-77' });
      expect(good.statusCode).toBe(200);
    });

    it('a used reset link also proves the email: an unverified account becomes verified', async () => {
      const { api } = await setup();
      const email = uniqueEmail('reset-unverified');
      await api.post(apiPaths.registration, registration(email));
      const token = await resetToken(api, email);
      await api.post(apiPaths.resetPassword, { token, password: 'cedar-river-77' });
      await signIn(api, { email, password: 'cedar-river-77' });
    });

    it.each([
      [{ password: 'cedar-river-77' }, 'token is required'],
      [{ token: '', password: 'cedar-river-77' }, 'token: token is required'],
      [{ token: 'abc', password: '123' }, 'password: Invalid password'],
    ])('refuses %o with 400 naming the field', async (body, message) => {
      const { api } = await setup();
      const response = await api.post(apiPaths.resetPassword, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 0, message });
    });

    it('an unknown token is refused like a used one', async () => {
      const { api } = await setup();
      const response = await api.post(apiPaths.resetPassword, {
        token: 'AAAAAAAAAAAAAAAAAAAAAA',
        password: 'cedar-river-77',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(accountMessages.resetLinkInvalid);
    });
  });

  it('mutating account calls from a browser still need the CSRF header', async () => {
    const { app } = await setup();
    const response = await app.inject({
      method: 'POST',
      url: apiPaths.login,
      payload: { email: 'a@example.com', password: 'secret-1' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 0, message: commonMessages.csrfMissing });
  });
});
