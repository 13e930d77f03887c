import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isSuccess,
  ownReviewListResponse,
  ownReviewResponse,
  type OwnReview,
  type Review,
  reviewListResponse,
  reviewPaths,
  reviewResponse,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { resultsOf } from '../../lib/api-answer.ts';

export const storeReviewsKey = (businessId: string) => ['manage', businessId, 'reviews'] as const;
export const adminReviewsKey = ['manage', 'admin', 'reviews'] as const;

/** GET the store's reviews (of the store and of what was bought there), newest first. */
export async function getStoreReviews(businessId: string, client: HttpClient = http) {
  return resultsOf(
    await client.get(reviewPaths.manageReviews(businessId), undefined, reviewListResponse),
  );
}

export function useStoreReviews(businessId: string) {
  return useQuery({
    queryKey: storeReviewsKey(businessId),
    queryFn: () => getStoreReviews(businessId),
  });
}

export interface Outcome<T> {
  ok: boolean;
  message: string;
  value: T | null;
}

/** POST the store's one reply; a refusal comes back as `ok: false` with the server's words. */
export async function replyToReview(
  businessId: string,
  reviewId: string,
  text: string,
  client: HttpClient = http,
): Promise<Outcome<Review>> {
  const answer = await client.postJson(
    reviewPaths.manageReply(businessId, reviewId),
    { text },
    reviewResponse,
  );
  if (isSuccess(answer)) return { ok: true, message: answer.message ?? '', value: answer.result };
  return { ok: false, message: answer.message, value: null };
}

export function useReplyToReview(businessId: string, reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => replyToReview(businessId, reviewId, text),
    onSuccess: (outcome) => {
      const replied = outcome.value;
      if (!replied) return;
      queryClient.setQueryData<Review[]>(storeReviewsKey(businessId), (list) =>
        list?.map((entry) => (entry.id === replied.id ? replied : entry)),
      );
    },
  });
}

/** GET the newest reviews of every store (admins), removed ones included. */
export async function getAdminReviews(client: HttpClient = http): Promise<OwnReview[]> {
  return resultsOf(await client.get(reviewPaths.adminReviews, undefined, ownReviewListResponse));
}

export function useAdminReviews() {
  return useQuery({ queryKey: adminReviewsKey, queryFn: () => getAdminReviews() });
}

/** POST a removal with its reason (admins). */
export async function removeReview(
  reviewId: string,
  reason: string,
  client: HttpClient = http,
): Promise<Outcome<OwnReview>> {
  const answer = await client.postJson(
    reviewPaths.adminRemoval(reviewId),
    { reason },
    ownReviewResponse,
  );
  if (isSuccess(answer)) return { ok: true, message: answer.message ?? '', value: answer.result };
  return { ok: false, message: answer.message, value: null };
}

export function useRemoveReview(reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => removeReview(reviewId, reason),
    onSuccess: (outcome) => {
      const removed = outcome.value;
      if (!removed) return;
      queryClient.setQueryData<OwnReview[]>(adminReviewsKey, (list) =>
        list?.map((entry) => (entry.id === removed.id ? removed : entry)),
      );
    },
  });
}
