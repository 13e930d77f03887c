import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminBusinessDetail,
  type AdminMailJob,
  adminMailJobRetryResponse,
  adminMailJobsResponse,
  type AdminBusinessesPage,
  adminBusinessesResponse,
  adminBusinessResponse,
  type AdminDecision,
  type AdminPage,
  adminPageResponse,
  adminPagesResponse,
  type AdminPageSummary,
  adminMessages,
  type AdminPaymentAction,
  adminPaymentActionRetryResponse,
  adminPaymentActionsResponse,
  type BusinessStatus,
  commonMessages,
  isSuccess,
  managePaths,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { serverOrigin } from '../../../lib/platform.ts';
import { currentToken } from '../../../lib/storage.ts';

/**
 * The platform admin's calls: the store review queue, one store's review, CMS pages, and the payment
 * provider calls in trouble.
 */

export const adminKeys = {
  all: ['manage', 'admin'] as const,
  stores: (status: BusinessStatus) => ['manage', 'admin', 'stores', status] as const,
  store: (businessId: string) => ['manage', 'admin', 'store', businessId] as const,
  pages: ['manage', 'admin', 'pages'] as const,
  page: (pageId: string) => ['manage', 'admin', 'page', pageId] as const,
  paymentActions: ['manage', 'admin', 'payment-actions'] as const,
  mailJobs: ['manage', 'admin', 'mail'] as const,
};

export async function getAdminStores(
  status: BusinessStatus,
  cursor: string | null,
  client: HttpClient = http,
): Promise<AdminBusinessesPage> {
  const answer = await client.get(
    managePaths.adminBusinesses,
    { status, cursor },
    adminBusinessesResponse,
  );
  if (!isSuccess(answer)) throw new Error(answer.message);
  return answer.result;
}

export function useAdminStores(status: BusinessStatus, cursor: string | null) {
  return useQuery({
    queryKey: [...adminKeys.stores(status), cursor],
    queryFn: () => getAdminStores(status, cursor),
  });
}

export async function getAdminStore(
  businessId: string,
  client: HttpClient = http,
): Promise<AdminBusinessDetail> {
  const answer = await client.get(
    managePaths.adminBusiness(businessId),
    undefined,
    adminBusinessResponse,
  );
  if (!isSuccess(answer)) throw new Error(answer.message);
  return answer.result;
}

export function useAdminStore(businessId: string) {
  return useQuery({
    queryKey: adminKeys.store(businessId),
    queryFn: () => getAdminStore(businessId),
  });
}

export type ReviewResult =
  { ok: true; store: AdminBusinessDetail; message: string } | { ok: false; message: string };

export async function reviewStore(
  businessId: string,
  review: { decision: AdminDecision; note?: string },
  client: HttpClient = http,
): Promise<ReviewResult> {
  const answer = await client.postJson(
    managePaths.adminBusinessReview(businessId),
    review,
    adminBusinessResponse,
  );
  return isSuccess(answer)
    ? { ok: true, store: answer.result, message: answer.message ?? '' }
    : { ok: false, message: answer.message };
}

export function useReviewStore(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: { decision: AdminDecision; note?: string }) =>
      reviewStore(businessId, review),
    onSuccess: async (result) => {
      if (result.ok) queryClient.setQueryData(adminKeys.store(businessId), result.store);
      await queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'stores'] });
    },
  });
}

/**
 * A verification document: private, so it is fetched with the session's bearer token (a plain link
 * would carry none) and handed to the browser as an object URL to save.
 */
export async function downloadDocument(
  businessId: string,
  documentId: string,
  filename: string,
): Promise<boolean> {
  const token = currentToken();
  const response = await fetch(
    `${serverOrigin()}${managePaths.adminDocument(businessId, documentId)}`,
    {
      credentials: 'same-origin',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    },
  ).catch(() => null);
  if (!response?.ok) return false;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download keeps its bytes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}

export async function getAdminPages(client: HttpClient = http): Promise<AdminPageSummary[]> {
  const answer = await client.get(managePaths.adminPages, undefined, adminPagesResponse);
  if (!isSuccess(answer)) throw new Error(answer.message);
  return answer.results;
}

export function useAdminPages() {
  return useQuery({ queryKey: adminKeys.pages, queryFn: () => getAdminPages() });
}

export async function getAdminPage(pageId: string, client: HttpClient = http): Promise<AdminPage> {
  const answer = await client.get(managePaths.adminPage(pageId), undefined, adminPageResponse);
  if (!isSuccess(answer)) throw new Error(answer.message);
  return answer.result;
}

export function useAdminPage(pageId: string | null) {
  return useQuery({
    queryKey: adminKeys.page(pageId ?? ''),
    queryFn: () => getAdminPage(pageId!),
    enabled: pageId !== null,
  });
}

export type SavePageResult = { ok: true; page: AdminPage } | { ok: false; message: string };

export async function saveAdminPage(
  pageId: string,
  input: { title: string; html: string },
  client: HttpClient = http,
): Promise<SavePageResult> {
  const answer = await client.put(managePaths.adminPage(pageId), input, adminPageResponse);
  return isSuccess(answer)
    ? { ok: true, page: answer.result }
    : { ok: false, message: answer.message };
}

export function useSaveAdminPage(pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { title: string; html: string }) => saveAdminPage(pageId, input),
    onSuccess: async (result) => {
      if (result.ok) queryClient.setQueryData(adminKeys.page(pageId), result.page);
      await queryClient.invalidateQueries({ queryKey: adminKeys.pages });
    },
  });
}

export async function getAdminPaymentActions(
  client: HttpClient = http,
): Promise<AdminPaymentAction[]> {
  const answer = await client.get(
    managePaths.adminPaymentActions,
    undefined,
    adminPaymentActionsResponse,
  );
  if (!isSuccess(answer)) throw new Error(answer.message);
  return answer.results;
}

export function useAdminPaymentActions() {
  return useQuery({ queryKey: adminKeys.paymentActions, queryFn: () => getAdminPaymentActions() });
}

/** `done` false: the provider refused again and the call waits for its next automatic try. */
export type RetryPaymentResult =
  { ok: true; done: boolean; message: string } | { ok: false; message: string };

export async function retryPaymentAction(
  actionId: string,
  client: HttpClient = http,
): Promise<RetryPaymentResult> {
  const answer = await client.postJson(
    managePaths.adminPaymentActionRetry(actionId),
    {},
    adminPaymentActionRetryResponse,
  );
  if (!isSuccess(answer)) return { ok: false, message: answer.message };
  const { done } = answer.result;
  const fallback = done ? adminMessages.paymentActionDone : commonMessages.genericFailure;
  return { ok: true, done, message: answer.message ?? fallback };
}

export function useRetryPaymentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (actionId: string) => retryPaymentAction(actionId),
    // Refused or not, the row changed (attempts, next try, or gone): the list is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.paymentActions }),
  });
}

export async function getAdminMailJobs(client: HttpClient = http): Promise<AdminMailJob[]> {
  const answer = await client.get(managePaths.adminMailJobs, undefined, adminMailJobsResponse);
  if (!isSuccess(answer)) throw new Error(answer.message);
  return answer.results;
}

export function useAdminMailJobs() {
  return useQuery({ queryKey: adminKeys.mailJobs, queryFn: () => getAdminMailJobs() });
}

export type RetryMailResult = { ok: boolean; message: string };

export async function retryMailJob(
  jobId: string,
  client: HttpClient = http,
): Promise<RetryMailResult> {
  const answer = await client.postJson(
    managePaths.adminMailJobRetry(jobId),
    {},
    adminMailJobRetryResponse,
  );
  if (!isSuccess(answer)) return { ok: false, message: answer.message };
  return { ok: true, message: answer.message ?? adminMessages.mailJobQueued };
}

export function useRetryMailJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => retryMailJob(jobId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.mailJobs }),
  });
}
