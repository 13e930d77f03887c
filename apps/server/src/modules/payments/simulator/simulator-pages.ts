import { escapeHtml } from '../../../lib/html.ts';
import { SIMULATOR_SCRIPT_PATH, SIMULATOR_STYLESHEET_PATH } from './simulator-assets.ts';
import type { SimTransaction } from './simulator.service.ts';

/**
 * The simulator's server-rendered pages: no JavaScript needed (the auto-submit script only saves a
 * click), every value escaped, readable on a phone.
 */

/** PayU's Mastercard test card; any values work here. */
export const TEST_CARD = {
  number: '5123 4567 8901 2346',
  expiry: '05/30',
  cvv: '123',
} as const;

function page(title: string, body: string, script = false): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${SIMULATOR_STYLESHEET_PATH}">
<link rel="icon" href="data:,">
</head>
<body>
<main>
<div class="card">
<p class="badge">PayU simulator · test mode, no money moves</p>
${body}
</div>
</main>
${script ? `<script src="${SIMULATOR_SCRIPT_PATH}" defer></script>\n` : ''}</body>
</html>
`;
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

function field(id: string, label: string, value: string, attributes: string): string {
  return `<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${id}" value="${escapeHtml(value)}" ${attributes}>`;
}

/** The hosted card form: amount, product, a prefilled test card and the three outcomes. */
export function cardPage(row: SimTransaction, completeAction: string): string {
  const hold = row.preAuthorize
    ? '<p class="note">Your card will only be held now; the store charges it at pickup.</p>'
    : '';
  return page(
    'PayU test payment',
    `<h1>Pay the merchant</h1>
<p class="amount">${escapeHtml(row.amount)}</p>
<p class="muted">${escapeHtml(row.productinfo)}</p>
<p class="muted">Transaction ${escapeHtml(row.txnid)}</p>
${hold}
<form method="post" action="${escapeHtml(completeAction)}">
${hidden('mihpayid', row.mihpayid)}
${field('ccnum', 'Card number', TEST_CARD.number, 'inputmode="numeric" autocomplete="cc-number" required')}
${field('ccname', 'Name on card', row.firstname, 'autocomplete="cc-name" required')}
<div class="row">
<div>${field('ccexpiry', 'Expiry (MM/YY)', TEST_CARD.expiry, 'inputmode="numeric" autocomplete="cc-exp" required')}</div>
<div>${field('ccvv', 'CVV', TEST_CARD.cvv, 'inputmode="numeric" autocomplete="cc-csc" required')}</div>
</div>
<button type="submit" name="outcome" value="success" class="primary">Pay</button>
<button type="submit" name="outcome" value="failure">Simulate failure</button>
<button type="submit" name="outcome" value="pending">Simulate pending</button>
</form>`,
  );
}

const RESULT_HEADINGS: Record<string, string> = {
  success: 'Payment successful',
  pending: 'Payment pending',
  failure: 'Payment failed',
};

/** PayU's return: a form that posts the result to surl/furl, by script or by the visible button. */
export function returnPage(status: string, action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => hidden(name, value))
    .join('\n');
  return page(
    RESULT_HEADINGS[status] ?? 'Payment finished',
    `<h1>${escapeHtml(RESULT_HEADINGS[status] ?? 'Payment finished')}</h1>
<p class="muted">Taking you back to the merchant…</p>
<form method="post" action="${escapeHtml(action)}" data-auto-submit>
${inputs}
<button type="submit" class="primary">Return to merchant</button>
</form>`,
    true,
  );
}

/** PayU's error page: what went wrong, and no way forward but back. */
export function errorPage(reason: string): string {
  return page(
    'Payment error',
    `<h1>Sorry, some problem occurred</h1>
<p class="error" role="alert">Error Reason: ${escapeHtml(reason)}</p>
<p class="muted">Go back to the merchant and try again.</p>`,
  );
}
