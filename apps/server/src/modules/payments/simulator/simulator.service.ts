import { randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { payuSimTransactions } from '../../../db/schema/commerce.ts';
import {
  hashesMatch,
  PAYU_UDF_KEYS,
  payuCommandHash,
  payuRequestHash,
  payuResponseHash,
} from '../payu-hash.ts';
import { PAYU_SIMULATOR_KEY, PAYU_SIMULATOR_SALT } from './simulator-credentials.ts';
import { fromThousandths, toThousandths } from './simulator-amount.ts';

/**
 * The embedded PayU: keeps each hosted-checkout transaction as a row of payu_sim_transactions and
 * answers the merchant API from it, with PayU's own field names, hashes and JSON shapes, so the real
 * adapter runs against it unchanged. Every change is one conditional UPDATE (or a locked row), so
 * two clicks or two API calls never apply an outcome twice.
 */

export type SimTransaction = typeof payuSimTransactions.$inferSelect;
export const SIM_OUTCOMES = ['success', 'failure', 'pending'] as const;
export type SimOutcome = (typeof SIM_OUTCOMES)[number];

export type SimResult<T> = { ok: true; value: T } | { ok: false; error: string };

const REQUIRED_PAYMENT_FIELDS = [
  'key',
  'txnid',
  'amount',
  'productinfo',
  'firstname',
  'email',
  'surl',
  'furl',
  'hash',
] as const;

/** PayU's ids are long digit strings; 18 random digits never collide in a test run. */
function newMihpayid(): string {
  return `${randomInt(100_000_000, 1_000_000_000)}${randomInt(100_000_000, 1_000_000_000)}`;
}

function udfList(fields: Record<string, string>): string[] {
  return PAYU_UDF_KEYS.map((name) => fields[name] ?? '');
}

function udfRecord(udf: readonly string[]): Record<(typeof PAYU_UDF_KEYS)[number], string> {
  const [udf1 = '', udf2 = '', udf3 = '', udf4 = '', udf5 = ''] = udf;
  return { udf1, udf2, udf3, udf4, udf5 };
}

const SAME_ORIGIN_BASE = 'http://same-origin.invalid';

/**
 * A path on the host the browser is on (`/api/...`), as the browser reads it: "//other.host/..."
 * and "/\\other.host/..." name another host and are not same-origin paths.
 */
export function isSameOriginPath(value: string): boolean {
  try {
    return value.startsWith('/') && new URL(value, SAME_ORIGIN_BASE).origin === SAME_ORIGIN_BASE;
  } catch {
    return false;
  }
}

function isReturnUrl(value: string, allowedOrigins: ReadonlySet<string>): boolean {
  if (isSameOriginPath(value)) return true;
  try {
    return allowedOrigins.has(new URL(value).origin);
  } catch {
    return false;
  }
}

/**
 * PayU's `_payment`: check the post as PayU does (mandatory fields, key, hash), then record the
 * transaction. Posting the same txnid again with the same hash shows the same card page (a reload);
 * anything else under a used txnid is refused, as PayU refuses duplicate transaction ids.
 * `allowedOrigins`: surl/furl must return to this app (the simulator is no open redirect): a path
 * on the host the shopper paid on, or an absolute URL on one of these origins.
 */
export async function startPayment(
  db: Database,
  fields: Record<string, string>,
  allowedOrigins: ReadonlySet<string>,
  now: Date,
): Promise<SimResult<SimTransaction>> {
  const missing = REQUIRED_PAYMENT_FIELDS.find((name) => !fields[name]?.trim());
  if (missing) return { ok: false, error: `Mandatory param ${missing} is missing` };
  const f = fields as Record<(typeof REQUIRED_PAYMENT_FIELDS)[number], string> &
    Record<string, string>;
  if (f.key !== PAYU_SIMULATOR_KEY) return { ok: false, error: 'Invalid merchant key' };
  const expected = payuRequestHash(
    {
      key: f.key,
      txnid: f.txnid,
      amount: f.amount,
      productinfo: f.productinfo,
      firstname: f.firstname,
      email: f.email,
      udf: udfRecord(udfList(f)),
    },
    PAYU_SIMULATOR_SALT,
  );
  if (!hashesMatch(expected, f.hash)) {
    return {
      ok: false,
      error: 'Transaction failed due to incorrectly calculated hash parameter',
    };
  }
  const amount = toThousandths(f.amount);
  if (amount === null || amount === 0n) return { ok: false, error: 'Invalid amount' };
  if (!isReturnUrl(f.surl, allowedOrigins) || !isReturnUrl(f.furl, allowedOrigins)) {
    return { ok: false, error: 'surl and furl must be addresses of this merchant' };
  }

  const [created] = await db
    .insert(payuSimTransactions)
    .values({
      mihpayid: newMihpayid(),
      txnid: f.txnid,
      merchantKey: f.key,
      amount: f.amount,
      productinfo: f.productinfo,
      firstname: f.firstname,
      email: f.email,
      phone: fields.phone ?? '',
      udf: udfList(f),
      surl: f.surl,
      furl: f.furl,
      preAuthorize: fields.pre_authorize === '1',
      status: 'created',
      unmappedStatus: 'initiated',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: payuSimTransactions.txnid })
    .returning();
  if (created) return { ok: true, value: created };

  const [existing] = await db
    .select()
    .from(payuSimTransactions)
    .where(eq(payuSimTransactions.txnid, f.txnid));
  const sameRequest =
    existing !== undefined &&
    existing.status === 'created' &&
    existing.amount === f.amount &&
    existing.surl === f.surl &&
    existing.furl === f.furl &&
    existing.preAuthorize === (fields.pre_authorize === '1');
  return sameRequest
    ? { ok: true, value: existing }
    : { ok: false, error: 'Duplicate transaction id: this txnid has already been used' };
}

export async function findByMihpayid(
  db: Database,
  mihpayid: string,
): Promise<SimTransaction | undefined> {
  const [row] = await db
    .select()
    .from(payuSimTransactions)
    .where(eq(payuSimTransactions.mihpayid, mihpayid));
  return row;
}

const OUTCOME_STATES: Record<SimOutcome, (preAuthorize: boolean) => [string, string]> = {
  success: (preAuthorize) => ['success', preAuthorize ? 'auth' : 'captured'],
  failure: () => ['failure', 'failed'],
  pending: () => ['pending', 'pending'],
};

/** The shopper pressed Pay / Simulate failure / Simulate pending: applied once, from `created` only. */
export async function completePayment(
  db: Database,
  mihpayid: string,
  outcome: SimOutcome,
  now: Date,
): Promise<SimResult<SimTransaction>> {
  const row = await findByMihpayid(db, mihpayid);
  if (!row) return { ok: false, error: 'Unknown transaction' };
  const [status, unmappedStatus] = OUTCOME_STATES[outcome](row.preAuthorize);
  const [updated] = await db
    .update(payuSimTransactions)
    .set({ status, unmappedStatus, updatedAt: now })
    .where(
      and(eq(payuSimTransactions.mihpayid, mihpayid), eq(payuSimTransactions.status, 'created')),
    )
    .returning();
  if (updated) return { ok: true, value: updated };
  // The same press sent again (its answer was lost: a dropped connection, a proxy's 502) shows the
  // same result page again, as a browser's retry of a form expects; nothing is applied twice. A
  // different outcome for a completed payment is refused.
  const current = await findByMihpayid(db, mihpayid);
  return current && current.status === status && current.unmappedStatus === unmappedStatus
    ? { ok: true, value: current }
    : { ok: false, error: 'This transaction has already been completed' };
}

const ERROR_TEXTS: Record<string, { error: string; message: string; field9: string }> = {
  success: { error: 'E000', message: 'No Error', field9: 'Transaction Completed Successfully' },
  pending: { error: 'E000', message: 'No Error', field9: 'Transaction is pending at the bank' },
  failure: { error: 'E308', message: 'Card declined', field9: 'Simulated failure' },
};

/** The fields PayU posts to surl/furl, with the reverse hash over them. */
export function callbackFields(
  row: SimTransaction,
  card: { number: string; name: string },
): Record<string, string> {
  const udf = udfRecord(row.udf);
  const texts = ERROR_TEXTS[row.status] ?? ERROR_TEXTS.failure!;
  const digits = card.number.replace(/\D/g, '');
  const hash = payuResponseHash(
    {
      key: row.merchantKey,
      txnid: row.txnid,
      amount: row.amount,
      productinfo: row.productinfo,
      firstname: row.firstname,
      email: row.email,
      udf,
      status: row.status,
    },
    PAYU_SIMULATOR_SALT,
  );
  return {
    mihpayid: row.mihpayid,
    mode: 'CC',
    status: row.status,
    unmappedstatus: row.unmappedStatus,
    key: row.merchantKey,
    txnid: row.txnid,
    amount: row.amount,
    productinfo: row.productinfo,
    firstname: row.firstname,
    email: row.email,
    phone: row.phone,
    ...udf,
    hash,
    error: texts.error,
    error_Message: texts.message,
    bank_ref_num: row.status === 'failure' ? '' : `SIM${row.mihpayid.slice(-10)}`,
    field9: texts.field9,
    cardnum: digits.length >= 10 ? `${digits.slice(0, 6)}XXXXXX${digits.slice(-4)}` : '',
    name_on_card: card.name,
  };
}

/** Where PayU sends the shopper back: surl on success only; failure and pending go to furl. */
export function returnUrlOf(row: SimTransaction): string {
  return row.status === 'success' ? row.surl : row.furl;
}

/** What verify_payment says of a row, in PayU's words. */
function verifyStatus(row: SimTransaction): { status: string; unmappedstatus: string } {
  switch (row.status) {
    case 'created':
      return { status: 'pending', unmappedstatus: 'initiated' };
    case 'captured':
    case 'refunded':
      return { status: 'success', unmappedstatus: 'captured' };
    case 'cancelled':
      return { status: 'failure', unmappedstatus: 'cancelled' };
    default:
      return { status: row.status, unmappedstatus: row.unmappedStatus };
  }
}

export type PostserviceAnswer = Record<string, unknown> & { status: 0 | 1; msg: string };

function refused(msg: string): PostserviceAnswer {
  return { status: 0, msg };
}

async function verifyPayment(db: Database, var1: string): Promise<PostserviceAnswer> {
  const txnids = [...new Set(var1.split('|').filter(Boolean))];
  if (txnids.length === 0) return refused('Parameter missing');
  const rows = await db
    .select()
    .from(payuSimTransactions)
    .where(inArray(payuSimTransactions.txnid, txnids));
  const details: Record<string, Record<string, string | null>> = {};
  for (const txnid of txnids) {
    const row = rows.find((r) => r.txnid === txnid);
    if (!row) {
      details[txnid] = { mihpayid: 'Not Found', status: 'Not Found' };
      continue;
    }
    details[txnid] = {
      mihpayid: row.mihpayid,
      request_id: '',
      bank_ref_num: `SIM${row.mihpayid.slice(-10)}`,
      amt: row.amount,
      transaction_amount: row.amount,
      txnid: row.txnid,
      additional_charges: '0.00',
      productinfo: row.productinfo,
      firstname: row.firstname,
      ...udfRecord(row.udf),
      mode: 'CC',
      ...verifyStatus(row),
      refund_amount: row.refundedAmount,
      addedon: row.createdAt.toISOString().replace('T', ' ').slice(0, 19),
    };
  }
  return {
    status: rows.length > 0 ? 1 : 0,
    msg: `${rows.length} out of ${txnids.length} Transactions Fetched Successfully`,
    transaction_details: details,
  };
}

/**
 * capture_transaction: takes `amount` of a held card. A hold may be captured in several parts (one
 * per order of a checkout), each named by its var2 token (the same token again captures once), never
 * above what was held; once all of it is captured the transaction reads captured.
 */
async function captureHold(
  db: Database,
  mihpayid: string,
  token: string,
  amountText: string,
  now: Date,
): Promise<PostserviceAnswer> {
  const amount = toThousandths(amountText);
  if (amount === null || amount === 0n) return refused('Invalid amount');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(payuSimTransactions)
      .where(eq(payuSimTransactions.mihpayid, mihpayid))
      .for('update');
    if (!row) return refused('Invalid payuid');
    const queued = {
      status: 1 as const,
      msg: 'Capture Request Queued',
      request_id: `CAPTURE-${mihpayid}-${token}`,
      bank_ref_num: `SIM${mihpayid.slice(-10)}`,
    };
    if (token && row.captureTokens.includes(token)) return queued;
    if (row.status !== 'success' || row.unmappedStatus !== 'auth') {
      return refused('Transaction is not in auth state');
    }
    const held = toThousandths(row.amount) ?? 0n;
    const captured = (toThousandths(row.capturedAmount) ?? 0n) + amount;
    if (captured > held) return refused('Invalid amount');
    const whole = captured === held;
    await tx
      .update(payuSimTransactions)
      .set({
        capturedAmount: fromThousandths(captured),
        captureTokens: token ? [...row.captureTokens, token] : row.captureTokens,
        ...(whole ? { status: 'captured', unmappedStatus: 'captured' } : {}),
        updatedAt: now,
      })
      .where(eq(payuSimTransactions.mihpayid, mihpayid));
    return queued;
  });
}

/**
 * cancel_transaction: cancels what is left of a held card (PayU's call has no amount). A hold
 * nothing was captured from reads cancelled; one partly captured keeps what was captured.
 */
async function cancelHold(db: Database, mihpayid: string, now: Date): Promise<PostserviceAnswer> {
  const row = await findByMihpayid(db, mihpayid);
  if (!row) return refused('Invalid payuid');
  const captured = toThousandths(row.capturedAmount) ?? 0n;
  const to = captured > 0n ? 'captured' : 'cancelled';
  const [updated] = await db
    .update(payuSimTransactions)
    .set({ status: to, unmappedStatus: to, updatedAt: now })
    .where(
      and(
        eq(payuSimTransactions.mihpayid, mihpayid),
        eq(payuSimTransactions.status, 'success'),
        eq(payuSimTransactions.unmappedStatus, 'auth'),
      ),
    )
    .returning();
  if (!updated) return refused('Transaction is not in auth state');
  return {
    status: 1,
    msg: 'Cancelled Request Queued',
    txn_update_id: `CANCEL-${mihpayid}`,
    bank_ref_num: null,
    error_code: 102,
  };
}

/**
 * cancel_refund_transaction: cancels a hold (as PayU does for `auth`), or refunds part or all of a
 * captured payment, never more than is left. The row is locked so two refunds cannot both pass.
 */
async function cancelOrRefund(
  db: Database,
  mihpayid: string,
  amountText: string,
  now: Date,
): Promise<PostserviceAnswer> {
  const row = await findByMihpayid(db, mihpayid);
  if (
    row?.status === 'success' &&
    row.unmappedStatus === 'auth' &&
    (toThousandths(row.capturedAmount) ?? 0n) === 0n
  ) {
    return cancelHold(db, mihpayid, now);
  }
  const amount = toThousandths(amountText);
  if (amount === null || amount === 0n) return refused('Invalid amount');
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(payuSimTransactions)
      .where(eq(payuSimTransactions.mihpayid, mihpayid))
      .for('update');
    if (!locked) return refused('Invalid payuid');
    const capturedPart = toThousandths(locked.capturedAmount) ?? 0n;
    const refundable =
      (locked.status === 'success' && locked.unmappedStatus === 'captured') ||
      (locked.status === 'success' && locked.unmappedStatus === 'auth' && capturedPart > 0n) ||
      locked.status === 'captured' ||
      locked.status === 'refunded';
    if (!refundable) return refused('Transaction is not refundable');
    // A pre-authorisation can give back only what was captured of it; a charge, all of it.
    const ceiling = locked.preAuthorize ? capturedPart : (toThousandths(locked.amount) ?? 0n);
    const refunded = (toThousandths(locked.refundedAmount) ?? 0n) + amount;
    if (refunded > ceiling) {
      return refused('Refund amount is more than the amount left to refund');
    }
    await tx
      .update(payuSimTransactions)
      .set({
        // A hold still partly held keeps its state; the refund is counted either way.
        ...(locked.unmappedStatus === 'auth' && locked.status === 'success'
          ? {}
          : { status: 'refunded' }),
        refundedAmount: fromThousandths(refunded),
        updatedAt: now,
      })
      .where(eq(payuSimTransactions.mihpayid, mihpayid));
    return {
      status: 1,
      msg: 'Refund Request Queued',
      request_id: `REFUND-${mihpayid}-${refunded}`,
      bank_ref_num: null,
      mihpayid,
      error_code: 102,
    };
  });
}

/** PayU's merchant API (postservice?form=2): the command hash first, then the command. */
export async function runCommand(
  db: Database,
  fields: Record<string, string>,
  now: Date,
): Promise<PostserviceAnswer> {
  const { key = '', command = '', var1 = '', var2 = '', var3 = '', hash = '' } = fields;
  if (key !== PAYU_SIMULATOR_KEY) return refused('Invalid key');
  if (!command || !var1) return refused('Parameter missing');
  if (!hashesMatch(payuCommandHash(key, command, var1, PAYU_SIMULATOR_SALT), hash)) {
    return refused('Invalid Hash.');
  }
  switch (command) {
    case 'verify_payment':
      return verifyPayment(db, var1);
    case 'capture_transaction':
      return captureHold(db, var1, var2, var3, now);
    case 'cancel_transaction':
      return cancelHold(db, var1, now);
    case 'cancel_refund_transaction':
      return cancelOrRefund(db, var1, var3, now);
    default:
      return refused('Invalid command');
  }
}
