import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isSuccess,
  ownReviewListResponse,
  ownReviewResponse,
  type OwnReview,
  REVIEW_PHOTO_FIELD,
  reviewFormResponse,
  type ReviewForm,
  reviewPaths,
  reviewPhotoResponse,
  type SaveReviewRequest,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';

export const reviewKeys = {
  form: (orderId: string) => ['reviews', 'form', orderId] as const,
  mine: ['reviews', 'mine'] as const,
};

/** GET orders/{id}/reviews: the "Rate your order" form; a refusal's words become the error. */
export async function getReviewForm(
  orderId: string,
  client: HttpClient = http,
): Promise<ReviewForm> {
  const answer = await client.get(
    reviewPaths.orderReviewForm(orderId),
    undefined,
    reviewFormResponse,
  );
  if (isSuccess(answer)) return answer.result;
  throw new Error(answer.message);
}

export function useReviewForm(orderId: string) {
  return useQuery({
    queryKey: reviewKeys.form(orderId),
    queryFn: () => getReviewForm(orderId),
    enabled: orderId !== '',
    retry: false,
  });
}

/** GET reviews/mine: the shopper's reviews, removed ones with the reason. */
export async function getMyReviews(client: HttpClient = http): Promise<OwnReview[]> {
  const answer = await client.get(reviewPaths.mine, undefined, ownReviewListResponse);
  if (isSuccess(answer)) return answer.results;
  throw new Error(answer.message);
}

export function useMyReviews() {
  return useQuery({ queryKey: reviewKeys.mine, queryFn: () => getMyReviews() });
}

/** PUT reviews: create or edit one's review; answers the envelope (a refusal carries its words). */
export function saveReview(body: SaveReviewRequest, client: HttpClient = http) {
  return client.put(reviewPaths.reviews, body, ownReviewResponse);
}

export function useSaveReview(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveReviewRequest) => saveReview(body),
    onSuccess: (answer) => {
      if (!isSuccess(answer)) return;
      void queryClient.invalidateQueries({ queryKey: reviewKeys.form(orderId) });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.mine });
      // The store's and product's public lists and ratings change too.
      void queryClient.invalidateQueries({ queryKey: ['reviews', answer.result.subject.kind] });
    },
  });
}

/** POST reviews/photos: one image into our media store; answers its id and URL. */
export function uploadReviewPhoto(file: File, client: HttpClient = http) {
  const body = new FormData();
  body.append(REVIEW_PHOTO_FIELD, file, file.name);
  return client.upload(reviewPaths.photos, body, reviewPhotoResponse);
}
