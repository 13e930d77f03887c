import type { AddressInfo } from 'node:net';
import { commercePaths } from '@localmart/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { testDatabases, useTestDatabase } from '../../test/databases.ts';
import {
  type HostedPaymentRequest,
  type PaymentProvider,
  PaymentProviderError,
  simulatorPayuConfig,
} from './payment-provider.ts';
import { createPayuAdapter } from './payu-adapter.ts';
import { payInSimulator } from './simulator/pay-in-simulator.ts';
import type { SimOutcome } from './simulator/simulator.service.ts';

const APP_URL = 'http://localhost:3000';
let counter = 0;

function request(mode: 'charge' | 'preauth', amount = 1250): HostedPaymentRequest {
  counter += 1;
  return {
    txnid: `adapter-${Date.now()}-${counter}`,
    amount: { amount, currency: 'CAD' },
    productInfo: 'Localmart order',
    firstName: 'Ada',
    email: 'ada@example.com',
    phone: '4165550100',
    mode,
    successUrl: `${APP_URL}${commercePaths.payuReturn}`,
    failureUrl: `${APP_URL}${commercePaths.payuReturn}`,
  };
}

/**
 * The adapter's merchant API calls go over real HTTP (global fetch) to the simulator of an app
 * listening on an ephemeral port; the shopper's clicks go through inject.
 */
describe.each(testDatabases())('PayU adapter against the simulator on $name', (backend) => {
  const database = useTestDatabase(backend);
  const testApp = useTestApp(database);

  async function listening(): Promise<{ app: FastifyInstance; payu: PaymentProvider }> {
    const app = await testApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return { app, payu: createPayuAdapter(simulatorPayuConfig(`http://127.0.0.1:${port}`)) };
  }

  async function pay(
    app: FastifyInstance,
    payu: PaymentProvider,
    mode: 'charge' | 'preauth',
    outcome: SimOutcome,
    amount?: number,
  ) {
    const req = request(mode, amount);
    const form =
      mode === 'preauth'
        ? payu.authorise({ ...req, mode: 'preauth' })
        : payu.createPayment({ ...req, mode: 'charge' });
    const back = await payInSimulator(app, form, outcome);
    const verified = payu.verifyCallback(back.fields, 'CAD');
    if (!verified.ok) throw new Error(verified.reason);
    return {
      req,
      ref: { txnid: req.txnid, providerRef: verified.callback.providerRef!, amount: req.amount },
    };
  }

  it('verify_payment reflects each outcome', async () => {
    const { app, payu } = await listening();
    expect(await payu.verifyPayment('never-posted')).toEqual({
      txnid: 'never-posted',
      outcome: 'not_found',
      amountText: null,
      providerRef: null,
      preauthorised: false,
      captured: false,
    });

    const paid = await pay(app, payu, 'charge', 'success');
    expect(await payu.verifyPayment(paid.req.txnid)).toEqual({
      txnid: paid.req.txnid,
      outcome: 'success',
      amountText: '12.50',
      providerRef: paid.ref.providerRef,
      preauthorised: false,
      captured: true,
    });
    const held = await pay(app, payu, 'preauth', 'success');
    expect(await payu.verifyPayment(held.req.txnid)).toMatchObject({
      outcome: 'success',
      preauthorised: true,
      captured: false,
    });
    const failed = await pay(app, payu, 'charge', 'failure');
    expect((await payu.verifyPayment(failed.req.txnid)).outcome).toBe('failure');
    const pending = await pay(app, payu, 'charge', 'pending');
    expect((await payu.verifyPayment(pending.req.txnid)).outcome).toBe('pending');
  });

  it('captures a hold in parts (one per order), once per token, never above the hold', async () => {
    const { app, payu } = await listening();
    const { req, ref } = await pay(app, payu, 'preauth', 'success');
    const part = (token: string, amount: number) => ({
      ...ref,
      txnid: token,
      amount: { amount, currency: 'CAD' },
    });

    const queued = { ok: true, message: 'Capture Request Queued' };
    expect(await payu.capture(part('LM-AAAAAA-C', 500))).toEqual(queued);
    // Part of the hold is still held.
    expect(await payu.verifyPayment(req.txnid)).toMatchObject({ preauthorised: true });
    // The same token again (a retry after a timeout) captures once.
    expect(await payu.capture(part('LM-AAAAAA-C', 500))).toEqual(queued);
    expect(await payu.capture(part('LM-BBBBBB-C', 751))).toEqual({
      ok: false,
      message: 'Invalid amount',
    });
    expect(await payu.capture(part('LM-BBBBBB-C', 750))).toEqual(queued);
    expect(await payu.verifyPayment(req.txnid)).toMatchObject({
      outcome: 'success',
      preauthorised: false,
      captured: true,
    });
    expect(await payu.capture(part('LM-CCCCCC-C', 1))).toEqual({
      ok: false,
      message: 'Transaction is not in auth state',
    });
    expect((await payu.void(ref)).ok).toBe(false);
  });

  it('voids a hold, which then cannot be captured', async () => {
    const { app, payu } = await listening();
    const { req, ref } = await pay(app, payu, 'preauth', 'success');

    expect(await payu.capture({ ...ref, amount: { amount: 1251, currency: 'CAD' } })).toEqual({
      ok: false,
      message: 'Invalid amount',
    });
    expect(await payu.void(ref)).toEqual({ ok: true, message: 'Cancelled Request Queued' });
    expect(await payu.verifyPayment(req.txnid)).toMatchObject({
      outcome: 'failure',
      preauthorised: false,
      captured: false,
    });
    expect((await payu.capture(ref)).ok).toBe(false);
  });

  it('refunds a charge in parts, never more than was paid, and never a failed payment', async () => {
    const { app, payu } = await listening();
    const { ref } = await pay(app, payu, 'charge', 'success', 1000);
    const part = { ...ref, amount: { amount: 600, currency: 'CAD' } };

    expect(await payu.refund({ ...part, refundId: 'refund-1' })).toEqual({
      ok: true,
      message: 'Refund Request Queued',
    });
    expect(await payu.refund({ ...part, refundId: 'refund-2' })).toEqual({
      ok: false,
      message: 'Refund amount is more than the amount left to refund',
    });
    const rest = { ...ref, amount: { amount: 400, currency: 'CAD' }, refundId: 'refund-3' };
    expect((await payu.refund(rest)).ok).toBe(true);

    const failed = await pay(app, payu, 'charge', 'failure');
    expect(await payu.refund({ ...failed.ref, refundId: 'refund-4' })).toEqual({
      ok: false,
      message: 'Transaction is not refundable',
    });
  });

  it('refuses commands signed with another salt', async () => {
    const { app, payu } = await listening();
    const { req, ref } = await pay(app, payu, 'preauth', 'success');
    const { port } = app.server.address() as AddressInfo;
    const forger = createPayuAdapter({
      ...simulatorPayuConfig(`http://127.0.0.1:${port}`),
      salt: 'not-the-salt',
    });

    expect(await forger.capture(ref)).toEqual({ ok: false, message: 'Invalid Hash.' });
    await expect(forger.verifyPayment(req.txnid)).rejects.toThrow(
      'PayU verify_payment: Invalid Hash.',
    );
    expect((await payu.verifyPayment(req.txnid)).preauthorised).toBe(true);
  });
});

describe('PayU adapter when the merchant API is unreachable or odd', () => {
  const config = simulatorPayuConfig('http://127.0.0.1:9');
  const ref = { txnid: 't1', providerRef: '123', amount: { amount: 100, currency: 'CAD' } };

  it('throws PaymentProviderError from verifyPayment and answers ok:false to actions', async () => {
    const payu = createPayuAdapter({
      ...config,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(payu.verifyPayment('t1')).rejects.toBeInstanceOf(PaymentProviderError);
    expect(await payu.capture(ref)).toEqual({
      ok: false,
      message: 'PayU capture_transaction: the merchant API did not answer',
    });
  });

  it('treats an HTTP error or an unreadable answer as unknown, not as a result', async () => {
    const answers = [
      new Response('oops', { status: 502 }),
      new Response('<html>maintenance</html>', { status: 200 }),
    ];
    for (const answer of answers) {
      const payu = createPayuAdapter({ ...config, fetch: () => Promise.resolve(answer.clone()) });
      await expect(payu.verifyPayment('t1')).rejects.toBeInstanceOf(PaymentProviderError);
      expect((await payu.void(ref)).ok).toBe(false);
    }
  });

  it('posts the documented command fields', async () => {
    const seen: URLSearchParams[] = [];
    const payu = createPayuAdapter({
      ...config,
      fetch: (_url, init) => {
        seen.push(new URLSearchParams(String(init?.body)));
        return Promise.resolve(Response.json({ status: 1, msg: 'Refund Request Queued' }));
      },
    });
    await payu.refund({ ...ref, amount: { amount: 1250, currency: 'CAD' }, refundId: 'r-9' });
    expect(Object.fromEntries(seen[0]!)).toMatchObject({
      command: 'cancel_refund_transaction',
      var1: '123',
      var2: 'r-9',
      var3: '12.50',
    });
  });
});
