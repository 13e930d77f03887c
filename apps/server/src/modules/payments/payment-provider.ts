import {
  type HostedPaymentForm,
  type Money,
  type PaymentMode,
  payuSimulatorPaths,
} from '@localmart/contract';
import type { Config, PayuConfig } from '../../config.ts';
import { createPayuAdapter, type PayuAdapterOptions } from './payu-adapter.ts';
import type { PayuUdf } from './payu-hash.ts';
import { PAYU_SIMULATOR_KEY, PAYU_SIMULATOR_SALT } from './simulator/simulator-credentials.ts';

/**
 * Every payment goes through this interface (issue 5: create, authorise, capture, void, refund,
 * verify callback). Checkout and orders code against it; the PayU adapter implements it, against
 * real PayU or the embedded simulator, which speaks the same protocol.
 */

export interface HostedPaymentRequest {
  /** Our unique id of this payment attempt (PayU's txnid): a new one per attempt. */
  txnid: string;
  /** Minor units; written for the provider as "12.50". */
  amount: Money;
  productInfo: string;
  firstName: string;
  email: string;
  phone: string;
  mode: PaymentMode;
  /** Where the provider posts the result when the payment succeeded. */
  successUrl: string;
  /** Where it posts a failed or pending result. */
  failureUrl: string;
  /** Merchant fields echoed back in the callback (and covered by its hash). */
  udf?: PayuUdf;
}

/** `pending` means the bank has not decided: never treat it as paid. */
export type ProviderOutcome = 'success' | 'failure' | 'pending';

export interface VerifiedCallback {
  txnid: string;
  outcome: ProviderOutcome;
  /** The callback's amount read in the payment's currency; null when it is not a valid amount. */
  amount: Money | null;
  /** The provider's id of the payment (PayU mihpayid): what capture, void and refund name. */
  providerRef: string | null;
  /** A card hold (pre-authorisation) rather than a charge. */
  preauthorised: boolean;
  /** Everything the provider posted, for the payment's record. */
  fields: Record<string, string>;
}

export type CallbackVerification =
  { ok: true; callback: VerifiedCallback } | { ok: false; reason: string };

/** The provider's own view of a payment (PayU verify_payment). */
export interface ProviderTransaction {
  txnid: string;
  outcome: ProviderOutcome | 'not_found';
  /** The amount as the provider states it ("12.50"); read it with the payment's currency. */
  amountText: string | null;
  providerRef: string | null;
  /** Held and not yet captured or voided. */
  preauthorised: boolean;
  captured: boolean;
}

export interface ProviderPaymentRef {
  txnid: string;
  providerRef: string;
  amount: Money;
}

/** Capture, void and refund never throw: a failure (refused, unreachable) is `ok: false`. */
export interface ProviderActionResult {
  ok: boolean;
  message: string;
}

export interface PaymentProvider {
  readonly name: string;
  /** The hosted checkout form for a payment charged at once. */
  createPayment(request: HostedPaymentRequest & { mode: 'charge' }): HostedPaymentForm;
  /** The hosted checkout form for a card hold (reserve for pickup), captured or voided later. */
  authorise(request: HostedPaymentRequest & { mode: 'preauth' }): HostedPaymentForm;
  /** Checks the hash and key of what the provider posted to surl/furl; `currency` reads the amount. */
  verifyCallback(fields: Record<string, string>, currency: string): CallbackVerification;
  /**
   * Asks the provider for the payment's state (confirm a callback before trusting it).
   * @throws PaymentProviderError when the provider cannot be reached or answers nonsense.
   */
  verifyPayment(txnid: string): Promise<ProviderTransaction>;
  capture(ref: ProviderPaymentRef): Promise<ProviderActionResult>;
  void(ref: ProviderPaymentRef): Promise<ProviderActionResult>;
  refund(ref: ProviderPaymentRef & { refundId: string }): Promise<ProviderActionResult>;
}

/** The provider could not be asked (network, HTTP error, unreadable answer): the state is unknown. */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
}

/**
 * The embedded simulator's endpoints and credentials. The browser posts the hosted form to a path,
 * so it stays on whichever host the shopper opened the app at (localhost, 127.0.0.1, a LAN name):
 * the page's CSP allows form posts to 'self' only, and the session lives on that host. The server
 * calls the merchant API on its own APP_URL.
 */
export function simulatorPayuConfig(appUrl: string): PayuConfig {
  return {
    key: PAYU_SIMULATOR_KEY,
    salt: PAYU_SIMULATOR_SALT,
    paymentUrl: payuSimulatorPaths.payment,
    apiUrl: `${appUrl}${payuSimulatorPaths.postservice}?form=2`,
  };
}

/**
 * A page of this app the payment provider sends the shopper's browser to (surl/furl, and the page
 * after the return). Real PayU posts back to the public origin, APP_URL. With the simulator it is
 * a path: the browser comes back to the host it paid on, where its session cookie is.
 */
export function shopperReturnUrl(config: Pick<Config, 'payu' | 'appUrl'>, path: string): string {
  return config.payu ? `${config.appUrl}${path}` : path;
}

/** Real PayU when PAYU_URL is configured; otherwise the same adapter pointed at our simulator. */
export function createPaymentProvider(
  config: Pick<Config, 'payu' | 'appUrl'>,
  options: Omit<PayuAdapterOptions, keyof PayuConfig> = {},
): PaymentProvider {
  return createPayuAdapter({ ...(config.payu ?? simulatorPayuConfig(config.appUrl)), ...options });
}
