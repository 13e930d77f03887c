import {
  envelopeSchema,
  isSuccess,
  livePaths,
  pushDevice,
  type PushDevice,
  pushKeyResponse,
  type PushRegistrationRequest,
  successEnvelopeSchema,
} from '@localmart/contract';
import { z } from 'zod';
import { http, type HttpClient, httpStatusOf } from '../http.ts';

const keyResponse = envelopeSchema(successEnvelopeSchema({ result: pushKeyResponse }));
const devicesResponse = envelopeSchema(successEnvelopeSchema({ result: z.array(pushDevice) }));
const deviceResponse = envelopeSchema(successEnvelopeSchema({ result: pushDevice }));

/** The server's VAPID public key; null when push is off on this server. */
export async function getPushKey(client: HttpClient = http): Promise<string | null> {
  const answer = await client.get(livePaths.pushKey, undefined, keyResponse);
  if (isSuccess(answer)) return answer.result.publicKey;
  throw new Error(answer.message);
}

/** The signed-in user's devices that get push notifications. */
export async function listPushDevices(client: HttpClient = http): Promise<PushDevice[]> {
  const answer = await client.get(livePaths.pushSubscriptions, undefined, devicesResponse);
  if (isSuccess(answer)) return answer.result;
  throw new Error(answer.message);
}

/** Registers a browser's subscription or a native token; answers the device as listed. */
export async function registerPushDevice(
  body: PushRegistrationRequest,
  client: HttpClient = http,
): Promise<PushDevice> {
  const answer = await client.postJson(livePaths.pushSubscriptions, body, deviceResponse);
  if (isSuccess(answer)) return answer.result;
  throw new Error(answer.message);
}

/** Removes one of the user's devices (a 404 means it is gone already, which is what was asked). */
export async function removePushDevice(id: string, client: HttpClient = http): Promise<void> {
  const answer = await client.del(livePaths.pushSubscription(id));
  if (isSuccess(answer) || httpStatusOf(answer) === 404) return;
  throw new Error(answer.message);
}
