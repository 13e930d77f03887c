import type { HostedPaymentForm } from '@localmart/contract';
import { serverOrigin } from '../../../lib/platform.ts';

/**
 * The provider's hosted checkout as a real form post (PayU's protocol): a form with one hidden input
 * per field, submitted as a full-page navigation, so the provider's page (or our simulator) takes
 * over and answers back to the server, which redirects the browser here again.
 */
export function buildHostedForm(
  form: HostedPaymentForm,
  doc: Document = document,
  origin: string = serverOrigin(),
): HTMLFormElement {
  const element = doc.createElement('form');
  element.method = form.method.toLowerCase();
  // The embedded simulator answers with a path on the server: on the web that is the page's own
  // host (whichever the shopper opened); the native shells' pages are not on the server.
  element.action = form.action.startsWith('/') ? `${origin}${form.action}` : form.action;
  element.hidden = true;
  for (const [name, value] of Object.entries(form.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    element.appendChild(input);
  }
  return element;
}

export function submitHostedForm(form: HostedPaymentForm, doc: Document = document): void {
  const element = buildHostedForm(form, doc);
  doc.body.appendChild(element);
  element.submit();
}
