import { apiPaths, commonMessages, outboxResponse } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { apiClient, registration, uniqueEmail } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { testDatabases, useTestDatabase } from '../../test/databases.ts';
import { DEV_OUTBOX_PAGE } from './outbox.routes.ts';
import { listOutbox, saveToOutbox } from './outbox.service.ts';
import {
  passwordResetEmail,
  registrationAttemptEmail,
  verificationCodeEmail,
  welcomeEmail,
} from './templates.ts';

describe.each(testDatabases())('dev outbox on $name', (backend) => {
  const database = useTestDatabase(backend);
  const testApp = useTestApp(database);

  it('keeps mail outside production without SMTP, and lists it newest first, filtered by recipient', async () => {
    const app = await testApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
    expect(app.mailer.kind).toBe('dev-outbox');
    const to = uniqueEmail('outbox');
    const other = uniqueEmail('outbox-other');
    for (const subject of ['first', 'second', 'third']) {
      await app.mailer.send({ to, subject, text: `${subject} body`, html: `<p>${subject}</p>` });
    }
    await app.mailer.send({ to: other, subject: 'not yours', text: '.', html: '.' });

    const response = await app.inject({
      method: 'GET',
      url: `${apiPaths.devOutbox}?to=${encodeURIComponent(to.toUpperCase())}`,
    });
    expect(response.statusCode).toBe(200);
    const body = outboxResponse.parse(response.json());
    expect(body.status === 1 && body.results.map((m) => m.subject)).toEqual([
      'third',
      'second',
      'first',
    ]);
    expect(body.status === 1 && body.results[0]).toMatchObject({
      to,
      text: 'third body',
      html: '<p>third</p>',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('lists a message sent to several people for each of them, and for nobody else', async () => {
    const app = await testApp();
    const store = uniqueEmail('store');
    const member = uniqueEmail('member');
    await app.mailer.send({
      to: `${store}, ${member}`,
      subject: 'New order',
      text: '.',
      html: '.',
    });
    for (const who of [store, member]) {
      expect((await listOutbox(database().db, { to: who })).map((m) => m.subject)).toEqual([
        'New order',
      ]);
    }
    // Part of an address is not the address.
    expect(await listOutbox(database().db, { to: member.slice(1) })).toEqual([]);
  });

  it('the API wants a recipient', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: apiPaths.devOutbox });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 0, message: 'to: to must be an email address' });
  });

  it('the page shows to, subject, time and text, escaped, newest first, with a ?to= filter', async () => {
    const app = await testApp();
    const { db } = database();
    const to = uniqueEmail('page');
    await saveToOutbox(db, { to, subject: 'older', text: 'older text', html: '' });
    await saveToOutbox(db, {
      to,
      subject: '<script>alert(1)</script> newer',
      text: 'code <b>123456</b> & more',
      html: '<script>alert(2)</script>',
    });
    await saveToOutbox(db, {
      to: uniqueEmail('else'),
      subject: 'someone else',
      text: '.',
      html: '',
    });

    const page = await app.inject({
      method: 'GET',
      url: `${DEV_OUTBOX_PAGE}?to=${encodeURIComponent(to)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62; newer');
    expect(page.body).toContain('code &#60;b&#62;123456&#60;/b&#62; &#38; more');
    expect(page.body).toContain(to);
    expect(page.body).toMatch(/<time datetime="\d{4}-/);
    expect(page.body.indexOf('newer')).toBeLessThan(page.body.indexOf('older'));
    expect(page.body).not.toContain('someone else');

    const all = await app.inject({ method: 'GET', url: DEV_OUTBOX_PAGE });
    expect(all.body).toContain('someone else');
  });

  it('registration mail reaches the outbox, readable through the API as the browser tests read it', async () => {
    const app = await testApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
    const email = uniqueEmail('flow');
    await apiClient(app).post(apiPaths.registration, registration(email));
    const [message] = await listOutbox(database().db, { to: email });
    expect(message!.subject).toBe('Your Localmart verification code');
    expect(message!.text).toMatch(/verification code is: \d{6}/);
  });

  it('answers only callers on this machine, even in development', async () => {
    const app = await testApp();
    for (const remoteAddress of ['203.0.113.7', '192.168.1.20', '::ffff:10.0.0.3']) {
      const api = await app.inject({
        method: 'GET',
        url: `${apiPaths.devOutbox}?to=a@example.com`,
        remoteAddress,
      });
      expect(api.statusCode, remoteAddress).toBe(404);
      const page = await app.inject({ method: 'GET', url: DEV_OUTBOX_PAGE, remoteAddress });
      expect(page.statusCode, remoteAddress).toBe(404);
    }
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const api = await app.inject({
        method: 'GET',
        url: `${apiPaths.devOutbox}?to=a@example.com`,
        remoteAddress,
      });
      expect(api.statusCode, remoteAddress).toBe(200);
    }
  });

  it('in production the dev routes do not exist, and without SMTP nothing is kept', async () => {
    const lines: string[] = [];
    const app = await testApp({
      env: { NODE_ENV: 'production', LOG_LEVEL: 'warn' },
      logStream: { write: (line) => lines.push(line) },
    });
    expect(app.mailer.kind).toBe('disabled');
    expect(lines.join('')).toContain('SMTP_URL is not set');

    const api = await app.inject({ method: 'GET', url: `${apiPaths.devOutbox}?to=a@example.com` });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ status: 0, message: commonMessages.routeNotFound });
    // Not a route any more: the web app's page fallback (or a 404) answers instead.
    const page = await app.inject({ method: 'GET', url: DEV_OUTBOX_PAGE });
    expect(page.body).not.toContain('dev outbox');

    const to = uniqueEmail('prod');
    expect(await app.mailer.send({ to, subject: 'Your code', text: 'code 123456', html: '' })).toBe(
      false,
    );
    expect(await listOutbox(database().db, { to })).toEqual([]);
    expect(lines.join('')).not.toContain('123456');
  });
});

describe('email templates', () => {
  const brand = { appName: 'Corner & <Co>', appUrl: 'https://shop.example.com' };

  it.each([
    ['code', verificationCodeEmail(brand, 'a@example.com', '042195')],
    [
      'reset',
      passwordResetEmail(brand, 'a@example.com', 'https://shop.example.com/reset-password/abc"x'),
    ],
    ['welcome', welcomeEmail(brand, 'a@example.com', '<img src=x onerror=alert(1)>')],
    ['notice', registrationAttemptEmail(brand, 'a@example.com')],
  ])('%s: branded, escaped, text and HTML, no external images', (_name, mail) => {
    expect(mail.to).toBe('a@example.com');
    expect(mail.subject).toContain('Corner & <Co>');
    expect(mail.text).toContain('Corner & <Co>');
    expect(mail.html).toContain('Corner &#38; &#60;Co&#62;');
    // user-chosen values arrive as text, never as markup; and no images at all
    expect(mail.html).not.toMatch(/<Co>|<img/i);
    expect(mail.html).toMatch(/^<!doctype html>/);
  });

  it('puts the code, the link and the lifetimes in both bodies', () => {
    const code = verificationCodeEmail(brand, 'a@example.com', '042195');
    expect(code.text).toContain('042195');
    expect(code.html).toContain('042195');
    expect(code.text).toContain('10 minutes');
    const reset = passwordResetEmail(
      brand,
      'a@example.com',
      'https://shop.example.com/reset-password/abc',
    );
    expect(reset.text).toContain('https://shop.example.com/reset-password/abc');
    expect(reset.html).toContain('href="https://shop.example.com/reset-password/abc"');
    expect(reset.text).toContain('30 minutes');
  });
});
