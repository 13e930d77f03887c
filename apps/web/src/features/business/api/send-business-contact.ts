import { useMutation } from '@tanstack/react-query';
import {
  catalogPaths,
  CONTACT_SENT_MESSAGE,
  isSuccess,
  messageOnlyResponse,
  type BusinessContactRequest,
} from '@localmart/contract';
import { http, type HttpClient, type HttpFailure } from '../../../lib/http.ts';

export type ContactOutcome =
  { sent: true; message: string } | { sent: false; failure: HttpFailure };

/**
 * POST the store contact form. The server emails the store with the shopper as reply-to; its answer
 * message is what the success toast says. A refusal (400 with the field's message, 429) is an
 * outcome the form shows, not a thrown error.
 */
export async function sendBusinessContact(
  businessId: string,
  body: BusinessContactRequest,
  client: HttpClient = http,
): Promise<ContactOutcome> {
  const answer = await client.postJson(
    catalogPaths.businessContact(businessId),
    body,
    messageOnlyResponse,
  );
  if (isSuccess(answer)) return { sent: true, message: answer.message ?? CONTACT_SENT_MESSAGE };
  return { sent: false, failure: answer };
}

export function useSendBusinessContact(businessId: string) {
  return useMutation({
    mutationFn: (body: BusinessContactRequest) => sendBusinessContact(businessId, body),
  });
}
