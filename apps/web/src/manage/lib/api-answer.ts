import { commonMessages, isSuccess, type STATUS_FAIL, type STATUS_OK } from '@localmart/contract';

/**
 * Envelope checks of the manage site's API calls. A refused or failed call becomes an Error carrying
 * the server's sentence, so react-query's error state holds what to show the store member.
 */

type Answer = { status: number; message?: string | undefined };

/** Throws the failure's message unless the answer is a success (and narrows it to the success). */
export function assertSuccess<T extends Answer>(
  answer: T,
): asserts answer is T & { status: typeof STATUS_OK } {
  if (!isSuccess(answer)) throw new Error(answer.message ?? commonMessages.genericFailure);
}

type Failure = { status: typeof STATUS_FAIL; message: string };

/** The success's `result`, or an Error with the server's message. */
export function resultOf<R>(answer: { status: typeof STATUS_OK; result: R } | Failure): R {
  assertSuccess(answer);
  return answer.result;
}

/** The success's `results`, or an Error with the server's message. */
export function resultsOf<R>(answer: { status: typeof STATUS_OK; results: R } | Failure): R {
  assertSuccess(answer);
  return answer.results;
}
