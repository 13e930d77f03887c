import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  managedStoreResponse,
  managePaths,
  type PauseStoreRequest,
  STORE_DOCUMENT_FIELD,
  storeDocumentListResponse,
  storeDocumentResponse,
  storeMessageResponse,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { serverOrigin } from '../../../lib/platform.ts';
import { currentToken } from '../../../lib/storage.ts';
import { manageMeKey } from '../../lib/use-manage-me.ts';
import { storeKeys } from '../../lib/managed-store-api.ts';
import { assertSuccess } from '../../lib/api-answer.ts';

/** The store settings page's calls: each write answers its message and refreshes the store. */

const documentsKey = (businessId: string) => ['manage', 'store', businessId, 'documents'] as const;

type Envelope = { status: 0 | 1; message?: string | undefined };

/** The success message, or throws the failure's (shown by the section that called). */
function messageOf(answer: Envelope, fallback: string): string {
  if (answer.status !== 1) throw new Error(answer.message ?? fallback);
  return answer.message ?? fallback;
}

/**
 * The writes of the page. Form bodies are `unknown`: they hold what was typed and are checked with
 * the contract's schema (updateStoreRequest, storeHoursRequest, storeFulfilmentRequest) just before.
 */
export type SettingsWrite =
  | { kind: 'profile'; body: unknown }
  | { kind: 'hours'; body: unknown }
  | { kind: 'fulfilment'; body: unknown }
  | { kind: 'pause'; body: PauseStoreRequest }
  | { kind: 'resume' }
  | { kind: 'submit' };

/** The writes that PUT their body to their own path, and what to say when the server says nothing. */
const putWrites = {
  hours: { path: managePaths.hours, fallback: 'Saved' },
  fulfilment: { path: managePaths.fulfilment, fallback: 'Saved' },
  pause: { path: managePaths.pause, fallback: 'Paused' },
} as const;

export async function writeSettings(
  businessId: string,
  write: SettingsWrite,
  client: HttpClient = http,
): Promise<string> {
  switch (write.kind) {
    case 'profile':
      return messageOf(
        await client.patch(managePaths.business(businessId), write.body, managedStoreResponse),
        'Saved',
      );
    case 'hours':
    case 'fulfilment':
    case 'pause': {
      const { path, fallback } = putWrites[write.kind];
      return messageOf(
        await client.put(path(businessId), write.body, storeMessageResponse),
        fallback,
      );
    }
    case 'resume':
      return messageOf(
        await client.del(managePaths.pause(businessId), storeMessageResponse),
        'Resumed',
      );
    case 'submit':
      return messageOf(
        await client.postJson(managePaths.submit(businessId), {}, storeMessageResponse),
        'Submitted',
      );
  }
}

/** One settings write; afterwards the store (and `me`, whose list shows name and status) reload. */
export function useSettingsWrite(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: SettingsWrite) => writeSettings(businessId, write),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: storeKeys.detail(businessId) }),
        queryClient.invalidateQueries({ queryKey: manageMeKey }),
      ]);
    },
  });
}

export function useStoreDocuments(businessId: string) {
  return useQuery({
    queryKey: documentsKey(businessId),
    queryFn: async () => {
      const answer = await http.get(
        managePaths.documents(businessId),
        undefined,
        storeDocumentListResponse,
      );
      assertSuccess(answer);
      return answer.results;
    },
  });
}

/**
 * POST documents. The bearer `upload`, not the spec's header-less `uploadDocument`: that one sends
 * no token, and the manage API authenticates every call by the session's bearer token.
 */
export function useUploadDocument(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append(STORE_DOCUMENT_FIELD, file);
      const answer = await http.upload(
        managePaths.documents(businessId),
        form,
        storeDocumentResponse,
      );
      assertSuccess(answer);
      return answer.message ?? 'Uploaded';
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKey(businessId) }),
  });
}

/**
 * Downloads a document: the call needs the bearer token, which a plain link would not send, so the
 * bytes are fetched and handed to the browser as a file.
 */
export async function downloadDocument(
  businessId: string,
  documentId: string,
  filename: string,
): Promise<void> {
  const token = currentToken();
  const response = await fetch(`${serverOrigin()}${managePaths.document(businessId, documentId)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error('The document could not be downloaded. Try again.');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}
