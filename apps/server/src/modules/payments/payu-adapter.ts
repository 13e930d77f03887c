import type { HostedPaymentForm } from '@localmart/contract';
import { z } from 'zod';
import type { PayuConfig } from '../../config.ts';
import type {
  CallbackVerification,
  HostedPaymentRequest,
  PaymentProvider,
  ProviderActionResult,
  ProviderOutcome,
  ProviderPaymentRef,
  ProviderTransaction,
} from './payment-provider.ts';
import { PaymentProviderError } from './payment-provider.ts';
import { fromPayuAmount, toPayuAmount } from './payu-amount.ts';
import {
  hashesMatch,
  PAYU_UDF_KEYS,
  type PayuUdf,
  payuCommandHash,
  payuRequestHash,
  payuResponseHash,
} from './payu-hash.ts';

/**
 * PayU over its classic form-post protocol: the hosted checkout (`_payment`, browser form post) and
 * the merchant API (`postservice?form=2`, server to server, JSON answers). Parameter names follow
 * docs.payu.in: capture_transaction, cancel_transaction and cancel_refund_transaction take
 * var1 = mihpayid, var2 = a merchant token, var3 = amount; verify_payment takes var1 = txnid.
 */

export interface PayuAdapterOptions extends PayuConfig {
  /** Tests inject one; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** How long a merchant API call may take before it counts as unreachable. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** What PayU answers on postservice; only the fields we read are checked. */
const commandAnswerSchema = z.object({
  status: z.union([z.number(), z.string()]),
  msg: z.string().optional(),
  transaction_details: z
    .record(z.string(), z.record(z.string(), z.unknown()).nullable())
    .optional(),
});
type CommandAnswer = z.infer<typeof commandAnswerSchema>;

function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

/** PayU's status words: only `success` is success, and `pending` is not (issue 5). */
function outcomeOf(status: string): ProviderOutcome {
  const word = status.trim().toLowerCase();
  if (word === 'success') return 'success';
  if (word === 'pending') return 'pending';
  return 'failure';
}

function udfOf(fields: Record<string, string | undefined>): PayuUdf {
  const udf: PayuUdf = {};
  for (const name of PAYU_UDF_KEYS) udf[name] = fields[name] ?? '';
  return udf;
}

export function createPayuAdapter(options: PayuAdapterOptions): PaymentProvider {
  const { key, salt, paymentUrl, apiUrl } = options;
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  function hostedForm(request: HostedPaymentRequest): HostedPaymentForm {
    const udf = udfOf(request.udf ?? {});
    const base = {
      key,
      txnid: request.txnid,
      amount: toPayuAmount(request.amount),
      productinfo: request.productInfo,
      firstname: request.firstName,
      email: request.email,
    };
    const fields: Record<string, string> = {
      ...base,
      phone: request.phone,
      surl: request.successUrl,
      furl: request.failureUrl,
      ...(udf as Record<string, string>),
      hash: payuRequestHash({ ...base, udf }, salt),
    };
    if (request.mode === 'preauth') fields.pre_authorize = '1';
    return { action: paymentUrl, method: 'POST', fields };
  }

  async function command(
    name: string,
    vars: readonly [string, ...string[]],
  ): Promise<CommandAnswer> {
    const body = new URLSearchParams({
      key,
      command: name,
      hash: payuCommandHash(key, name, vars[0], salt),
    });
    vars.forEach((value, index) => body.set(`var${index + 1}`, value));
    let response: Response;
    try {
      response = await fetchImpl(apiUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: body.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PaymentProviderError(`PayU ${name}: the merchant API did not answer`, {
        cause: error,
      });
    }
    if (!response.ok) {
      throw new PaymentProviderError(`PayU ${name}: the merchant API answered ${response.status}`);
    }
    const parsed = commandAnswerSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new PaymentProviderError(`PayU ${name}: the merchant API answer was not understood`);
    }
    return parsed.data;
  }

  async function action(
    name: string,
    vars: readonly [string, ...string[]],
  ): Promise<ProviderActionResult> {
    try {
      const answer = await command(name, vars);
      const ok = String(answer.status) === '1';
      return { ok, message: answer.msg ?? (ok ? `${name} accepted` : `${name} refused`) };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  }

  function refVars(ref: ProviderPaymentRef, token: string): [string, string, string] {
    return [ref.providerRef, token, toPayuAmount(ref.amount)];
  }

  return {
    name: 'payu',

    createPayment: (request) => hostedForm(request),

    authorise: (request) => hostedForm(request),

    verifyCallback(fields, currency): CallbackVerification {
      const given = fields.hash;
      if (!given) return { ok: false, reason: 'the callback has no hash' };
      if (fields.key !== key)
        return { ok: false, reason: 'the callback is for another merchant key' };
      const { txnid, status } = fields;
      if (!txnid) return { ok: false, reason: 'the callback has no txnid' };
      if (status === undefined) return { ok: false, reason: 'the callback has no status' };
      const expected = payuResponseHash(
        {
          key,
          txnid,
          status,
          amount: fields.amount ?? '',
          productinfo: fields.productinfo ?? '',
          firstname: fields.firstname ?? '',
          email: fields.email ?? '',
          udf: udfOf(fields),
          additionalCharges: fields.additionalCharges,
        },
        salt,
      );
      if (!hashesMatch(expected, given)) {
        return { ok: false, reason: 'the callback hash does not verify' };
      }
      const outcome = outcomeOf(status);
      return {
        ok: true,
        callback: {
          txnid,
          outcome,
          amount: fields.amount === undefined ? null : fromPayuAmount(fields.amount, currency),
          providerRef: fields.mihpayid || null,
          preauthorised: outcome === 'success' && fields.unmappedstatus === 'auth',
          fields: { ...fields },
        },
      };
    },

    async verifyPayment(txnid): Promise<ProviderTransaction> {
      const answer = await command('verify_payment', [txnid]);
      // No details at all is a refusal (bad hash, wrong key), not news about the payment.
      if (!answer.transaction_details) {
        throw new PaymentProviderError(
          `PayU verify_payment: ${answer.msg ?? 'the merchant API refused the request'}`,
        );
      }
      const detail = answer.transaction_details[txnid];
      const status = text(detail?.status);
      const providerRef = text(detail?.mihpayid);
      if (!detail || status === null || status === 'Not Found' || providerRef === 'Not Found') {
        return {
          txnid,
          outcome: 'not_found',
          amountText: null,
          providerRef: null,
          preauthorised: false,
          captured: false,
        };
      }
      const outcome = outcomeOf(status);
      const unmapped = text(detail.unmappedstatus)?.toLowerCase() ?? '';
      return {
        txnid,
        outcome,
        amountText: text(detail.amt) ?? text(detail.transaction_amount),
        providerRef,
        preauthorised: outcome === 'success' && unmapped === 'auth',
        captured: outcome === 'success' && unmapped === 'captured',
      };
    },

    // PayU calls var2 a "merchant unique reference": our txnid names the capture and the void.
    capture: (ref) => action('capture_transaction', refVars(ref, ref.txnid)),

    void: (ref) => action('cancel_transaction', refVars(ref, ref.txnid)),

    refund: (ref) => action('cancel_refund_transaction', refVars(ref, ref.refundId)),
  };
}
