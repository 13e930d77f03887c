import { type HostedPaymentForm, payuSimulatorPaths } from '@localmart/contract';
import type { FastifyInstance } from 'fastify';
import { TEST_CARD } from './simulator-pages.ts';
import type { SimOutcome } from './simulator.service.ts';

/**
 * For server tests (payments, checkout): does what a shopper's browser does with a hosted payment
 * form on the embedded simulator, through `app.inject`: post the form, press a button on the card
 * page, and read the form the return page would post to surl/furl.
 */

const FORM = /<form method="post" action="([^"]*)"/;
const HIDDEN = /<input type="hidden" name="([^"]*)" value="([^"]*)">/g;

function unescapeHtml(text: string): string {
  return text.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));
}

/** The action and hidden fields of the page's first form. */
export function readPageForm(html: string): { action: string; fields: Record<string, string> } {
  const action = FORM.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form on the page:\n${html}`);
  const fields: Record<string, string> = {};
  for (const [, name = '', value = ''] of html.matchAll(HIDDEN)) {
    fields[unescapeHtml(name)] = unescapeHtml(value);
  }
  return { action: unescapeHtml(action), fields };
}

/** What a browser does with an HTML form: post its fields url-encoded. */
export function formPost(app: FastifyInstance, url: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

export interface SimulatorReturn {
  /** surl or furl. */
  action: string;
  /** What PayU posts there (mihpayid, status, hash...). */
  fields: Record<string, string>;
}

export async function payInSimulator(
  app: FastifyInstance,
  form: HostedPaymentForm,
  outcome: SimOutcome,
): Promise<SimulatorReturn> {
  // The simulator's action is a path on the page's own host; a test posts it to the app as is.
  const target = new URL(form.action, 'http://localhost');
  const cardPage = await formPost(app, `${target.pathname}${target.search}`, form.fields);
  if (cardPage.statusCode !== 200) {
    throw new Error(
      `the simulator refused the payment (${cardPage.statusCode}):\n${cardPage.body}`,
    );
  }
  const { fields: hidden } = readPageForm(cardPage.body);
  const completed = await formPost(app, payuSimulatorPaths.complete, {
    ...hidden,
    ccnum: TEST_CARD.number,
    ccname: form.fields.firstname ?? 'Test',
    ccexpiry: TEST_CARD.expiry,
    ccvv: TEST_CARD.cvv,
    outcome,
  });
  if (completed.statusCode !== 200) {
    throw new Error(`the simulator did not complete (${completed.statusCode}):\n${completed.body}`);
  }
  return readPageForm(completed.body);
}
