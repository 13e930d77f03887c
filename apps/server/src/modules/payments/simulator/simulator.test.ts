import { commercePaths, payuSimulatorPaths } from '@localmart/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { payuSimTransactions } from '../../../db/schema/commerce.ts';
import { csrfHeaders, useTestApp } from '../../../test/app.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import type { HostedPaymentRequest } from '../payment-provider.ts';
import { payuCommandHash } from '../payu-hash.ts';
import { formPost, payInSimulator, readPageForm } from './pay-in-simulator.ts';
import { PAYU_SIMULATOR_KEY, PAYU_SIMULATOR_SALT } from './simulator-credentials.ts';

const APP_URL = 'http://localhost:3000';
let counter = 0;

function request(overrides: Partial<HostedPaymentRequest> = {}): HostedPaymentRequest {
  counter += 1;
  return {
    txnid: `sim-test-${Date.now()}-${counter}`,
    amount: { amount: 1250, currency: 'CAD' },
    productInfo: 'Order at Corner <Shop> & Deli',
    firstName: 'Ada',
    email: 'ada@example.com',
    phone: '4165550100',
    mode: 'charge',
    successUrl: `${APP_URL}${commercePaths.payuReturn}?result=success`,
    failureUrl: `${APP_URL}${commercePaths.payuReturn}?result=failure`,
    udf: { udf1: 'checkout-1', udf3: 'a|b' },
    ...overrides,
  };
}

function hostedForm(app: FastifyInstance, req: HostedPaymentRequest) {
  return req.mode === 'preauth'
    ? app.payments.authorise({ ...req, mode: 'preauth' })
    : app.payments.createPayment({ ...req, mode: 'charge' });
}

function command(app: FastifyInstance, name: string, vars: string[], hash?: string) {
  const fields: Record<string, string> = {
    key: PAYU_SIMULATOR_KEY,
    command: name,
    hash: hash ?? payuCommandHash(PAYU_SIMULATOR_KEY, name, vars[0] ?? '', PAYU_SIMULATOR_SALT),
  };
  vars.forEach((value, index) => (fields[`var${index + 1}`] = value));
  return formPost(app, `${payuSimulatorPaths.postservice}?form=2`, fields);
}

describe.each(testDatabases())('PayU simulator on $name', (backend) => {
  const database = useTestDatabase(backend);
  const testApp = useTestApp(database);

  async function storedRow(txnid: string) {
    const [row] = await database()
      .db.select()
      .from(payuSimTransactions)
      .where(eq(payuSimTransactions.txnid, txnid));
    return row;
  }

  it('points the adapter at the simulator and serves a card page under the app CSP', async () => {
    const app = await testApp();
    const req = request();
    const form = app.payments.createPayment({ ...req, mode: 'charge' });
    // A path: the browser posts it to whichever host the shopper opened the app at.
    expect(form.action).toBe(payuSimulatorPaths.payment);
    expect(form.fields).toMatchObject({ key: PAYU_SIMULATOR_KEY, amount: '12.50' });
    expect(form.fields.pre_authorize).toBeUndefined();

    const page = await formPost(app, payuSimulatorPaths.payment, form.fields);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("form-action 'self'");
    // Escaped, labelled, and the three outcomes as buttons.
    expect(page.body).toContain('Order at Corner &#60;Shop&#62; &#38; Deli');
    expect(page.body).toContain('<label for="ccnum">Card number</label>');
    expect(page.body).toContain('<label for="ccvv">CVV</label>');
    for (const button of ['Pay', 'Simulate failure', 'Simulate pending']) {
      expect(page.body).toContain(`>${button}</button>`);
    }
    // Nothing inline the CSP would block: only a stylesheet link, no <script> and no on* handlers.
    expect(page.body).not.toMatch(/<script|\son[a-z]+=/i);
    const stylesheet = await app.inject({ method: 'GET', url: '/payu-sim/simulator.css' });
    expect(stylesheet.statusCode).toBe(200);
    expect(stylesheet.headers['content-type']).toBe('text/css; charset=utf-8');

    const row = await storedRow(req.txnid);
    expect(row).toMatchObject({ amount: '12.50', status: 'created', preAuthorize: false });
    expect(row?.udf).toEqual(['checkout-1', '', 'a|b', '', '']);
  });

  it('returns a paid charge to surl with a callback the adapter verifies', async () => {
    const app = await testApp();
    const req = request();
    const back = await payInSimulator(app, hostedForm(app, req), 'success');

    expect(back.action).toBe(req.successUrl);
    expect(back.fields).toMatchObject({
      status: 'success',
      unmappedstatus: 'captured',
      txnid: req.txnid,
      amount: '12.50',
      udf1: 'checkout-1',
      udf3: 'a|b',
      cardnum: '512345XXXXXX2346',
    });
    const verified = app.payments.verifyCallback(back.fields, 'CAD');
    expect(verified).toEqual({
      ok: true,
      callback: {
        txnid: req.txnid,
        outcome: 'success',
        amount: { amount: 1250, currency: 'CAD' },
        providerRef: back.fields.mihpayid,
        preauthorised: false,
        fields: back.fields,
      },
    });
  });

  it('holds the card for a pre-authorisation (unmappedstatus auth)', async () => {
    const app = await testApp();
    const req = request({ mode: 'preauth' });
    const form = hostedForm(app, req);
    expect(form.fields.pre_authorize).toBe('1');
    const page = await formPost(app, payuSimulatorPaths.payment, form.fields);
    expect(page.body).toContain('held');

    const back = await payInSimulator(app, form, 'success');
    expect(back.fields).toMatchObject({ status: 'success', unmappedstatus: 'auth' });
    const verified = app.payments.verifyCallback(back.fields, 'CAD');
    expect(verified.ok && verified.callback.preauthorised).toBe(true);
  });

  it('sends failures and pending payments to furl, and pending is not success', async () => {
    const app = await testApp();
    const failed = await payInSimulator(app, hostedForm(app, request()), 'failure');
    const pending = await payInSimulator(app, hostedForm(app, request()), 'pending');

    expect(failed.action).toMatch(/result=failure$/);
    expect(pending.action).toMatch(/result=failure$/);
    expect(failed.fields.status).toBe('failure');
    expect(pending.fields.status).toBe('pending');
    const f = app.payments.verifyCallback(failed.fields, 'CAD');
    const p = app.payments.verifyCallback(pending.fields, 'CAD');
    expect(f.ok && f.callback.outcome).toBe('failure');
    expect(p.ok && p.callback.outcome).toBe('pending');
  });

  it('serves the return page with a no-JS button and an external auto-submit script', async () => {
    const app = await testApp();
    const form = hostedForm(app, request());
    const page = await formPost(app, payuSimulatorPaths.payment, form.fields);
    const completed = await formPost(app, payuSimulatorPaths.complete, {
      ...readPageForm(page.body).fields,
      outcome: 'success',
    });
    expect(completed.statusCode).toBe(200);
    expect(completed.body).toContain('>Return to merchant</button>');
    // The app's CSP, with the one origin this form posts to added to form-action.
    const csp = String(completed.headers['content-security-policy']);
    expect(csp).toMatch(/(^|;)form-action 'self' http:\/\/localhost:3000(;|$)/);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(completed.body).toContain('<script src="/payu-sim/auto-submit.js" defer></script>');
    expect(completed.body).not.toMatch(/<script>/);
    const script = await app.inject({ method: 'GET', url: '/payu-sim/auto-submit.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('form[data-auto-submit]');

    // The same press sent again (its answer lost on the way) shows the same way back, once applied.
    const resent = await formPost(app, payuSimulatorPaths.complete, {
      ...readPageForm(page.body).fields,
      outcome: 'success',
    });
    expect(resent.statusCode).toBe(200);
    expect(readPageForm(resent.body).fields).toEqual(readPageForm(completed.body).fields);
    expect((await storedRow(form.fields.txnid!))?.status).toBe('success');

    // A second press with another outcome (back button, double click) applies nothing twice.
    const again = await formPost(app, payuSimulatorPaths.complete, {
      ...readPageForm(page.body).fields,
      outcome: 'failure',
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('already been completed');
    expect((await storedRow(form.fields.txnid!))?.status).toBe('success');
  });

  it('rejects tampered callbacks', async () => {
    const app = await testApp();
    const { fields } = await payInSimulator(app, hostedForm(app, request()), 'failure');
    const tampered: Record<string, string>[] = [
      { ...fields, amount: '0.01' },
      { ...fields, status: 'success' },
      { ...fields, txnid: 'another-order' },
      { ...fields, udf1: 'checkout-2' },
      { ...fields, hash: fields.hash!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
      { ...fields, hash: '' },
      { ...fields, key: 'someone-else' },
    ];
    for (const candidate of tampered) {
      expect(app.payments.verifyCallback(candidate, 'CAD').ok).toBe(false);
    }
    const { hash: _dropped, ...withoutHash } = fields;
    expect(app.payments.verifyCallback(withoutHash, 'CAD')).toEqual({
      ok: false,
      reason: 'the callback has no hash',
    });
  });

  it('refuses a payment post with a wrong hash, a foreign return URL or a reused txnid', async () => {
    const app = await testApp();
    const req = request();
    const form = hostedForm(app, req);

    const forged = await formPost(app, payuSimulatorPaths.payment, {
      ...form.fields,
      amount: '0.01',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(forged.body).toContain('incorrectly calculated hash');
    expect(await storedRow(req.txnid)).toBeUndefined();

    const elsewhere = hostedForm(app, request({ successUrl: 'https://evil.example.com/return' }));
    const redirected = await formPost(app, payuSimulatorPaths.payment, elsewhere.fields);
    expect(redirected.statusCode).toBe(400);
    expect(redirected.body).toContain('surl and furl must be addresses of this merchant');

    const missing = await formPost(app, payuSimulatorPaths.payment, { ...form.fields, email: '' });
    expect(missing.body).toContain('Mandatory param email is missing');

    expect((await formPost(app, payuSimulatorPaths.payment, form.fields)).statusCode).toBe(200);
    // Reposting the same form is a reload of the same transaction...
    const reload = await formPost(app, payuSimulatorPaths.payment, form.fields);
    expect(reload.statusCode).toBe(200);
    expect(readPageForm(reload.body).fields.mihpayid).toBe((await storedRow(req.txnid))?.mihpayid);
    // ...but the txnid cannot be reused for a different payment.
    const reused = hostedForm(app, { ...req, amount: { amount: 999, currency: 'CAD' } });
    const duplicate = await formPost(app, payuSimulatorPaths.payment, reused.fields);
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.body).toContain('Duplicate transaction id');
  });

  it('answers verify_payment in PayU shape and refuses a bad command hash', async () => {
    const app = await testApp();
    const req = request();
    const back = await payInSimulator(app, hostedForm(app, req), 'success');

    const verified = await command(app, 'verify_payment', [`${req.txnid}|unknown-txn`]);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      status: 1,
      msg: '1 out of 2 Transactions Fetched Successfully',
      transaction_details: {
        [req.txnid]: {
          mihpayid: back.fields.mihpayid,
          txnid: req.txnid,
          amt: '12.50',
          status: 'success',
          unmappedstatus: 'captured',
        },
        'unknown-txn': { mihpayid: 'Not Found', status: 'Not Found' },
      },
    });

    const forged = await command(app, 'verify_payment', [req.txnid], 'f'.repeat(128));
    expect(forged.json()).toEqual({ status: 0, msg: 'Invalid Hash.' });
    const unknown = await command(app, 'delete_everything', [req.txnid]);
    expect(unknown.json()).toEqual({ status: 0, msg: 'Invalid command' });
  });

  it('takes form bodies only on its own routes', async () => {
    const app = await testApp();
    const response = await app.inject({
      method: 'POST',
      url: commercePaths.cartItems,
      headers: {
        ...(await csrfHeaders(app)),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'offerId=x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ status: 0 });
  });
});

describe('in production', () => {
  const database = useTestDatabase(testDatabases()[0]!);
  const testApp = useTestApp(database);

  it('serves the simulator to a demo deployment that allows it, with a warning at start', async () => {
    const lines: string[] = [];
    const app = await testApp({
      env: {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        ALLOW_PAYU_SIMULATOR_IN_PRODUCTION: 'true',
      },
      logStream: { write: (line) => lines.push(line) },
    });
    expect(lines.join('')).toContain(
      'ALLOW_PAYU_SIMULATOR_IN_PRODUCTION is set and PAYU_URL is not: payments go to the embedded PayU simulator',
    );
    const back = await payInSimulator(app, hostedForm(app, request()), 'success');
    expect(app.payments.verifyCallback(back.fields, 'CAD').ok).toBe(true);
  });

  it('stays quiet about it in development', async () => {
    const lines: string[] = [];
    await testApp({
      env: { LOG_LEVEL: 'warn' },
      logStream: { write: (line) => lines.push(line) },
    });
    expect(lines.join('')).not.toContain('PAYU_URL');
  });
});

describe('with real PayU configured', () => {
  const database = useTestDatabase(testDatabases()[0]!);
  const testApp = useTestApp(database);

  it('does not serve the simulator and posts to PAYU_URL', async () => {
    const app = await testApp({
      env: {
        PAYU_KEY: 'C0Dr8m',
        PAYU_SALT: '3sf0jURk',
        PAYU_URL: 'https://test.payu.in/_payment',
        PAYU_API_URL: 'https://test.payu.in/merchant/postservice.php?form=2',
      },
    });
    const form = app.payments.authorise({ ...request(), mode: 'preauth' });
    expect(form.action).toBe('https://test.payu.in/_payment');
    expect(form.fields).toMatchObject({ key: 'C0Dr8m', pre_authorize: '1' });
    const page = await formPost(app, payuSimulatorPaths.payment, form.fields);
    expect(page.statusCode).toBe(404);
  });
});
