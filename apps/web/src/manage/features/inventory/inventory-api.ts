import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type FeedMode,
  IMPORT_PROGRESS_POLL_MS,
  INVENTORY_FEED_FIELD,
  INVENTORY_MODE_FIELD,
  type InventoryImportReport,
  inventoryImportResponse,
  inventoryImportsResponse,
  type InventoryImportSummary,
  isImportFinished,
  isSuccess,
  managePaths,
} from '@localmart/contract';
import { useEffect } from 'react';
import { http, type HttpClient } from '../../../lib/http.ts';

export const importsKey = (businessId: string) =>
  ['manage', businessId, 'inventory-imports'] as const;
export const importKey = (businessId: string, importId: string) =>
  ['manage', businessId, 'inventory-imports', importId] as const;

export interface ImportsPage {
  imports: InventoryImportSummary[];
  nextCursor: string | null;
}

/** GET inventory imports: the history, newest first, a page at a time. */
export async function getImports(
  businessId: string,
  cursor: string | null,
  client: HttpClient = http,
): Promise<ImportsPage> {
  const answer = await client.get(
    managePaths.inventoryImports(businessId),
    cursor ? { cursor } : undefined,
    inventoryImportsResponse,
  );
  if (!isSuccess(answer)) throw new Error(answer.message);
  return { imports: answer.results, nextCursor: answer.result.nextCursor };
}

export function useImports(businessId: string) {
  return useInfiniteQuery({
    queryKey: importsKey(businessId),
    queryFn: ({ pageParam }) => getImports(businessId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // An import still running (an upload elsewhere, an API push): the list follows it too.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) =>
        page.imports.some((entry) => !isImportFinished(entry.status)),
      )
        ? IMPORT_PROGRESS_POLL_MS * 3
        : false,
  });
}

export async function getImport(
  businessId: string,
  importId: string,
  client: HttpClient = http,
): Promise<InventoryImportReport> {
  const answer = await client.get(
    managePaths.inventoryImport(businessId, importId),
    undefined,
    inventoryImportResponse,
  );
  if (!isSuccess(answer)) throw new Error(answer.message);
  return answer.result;
}

/**
 * One import; while its job runs, asked again every IMPORT_PROGRESS_POLL_MS so the page shows the
 * progress. When it finishes, the history is refreshed to show the result.
 */
export function useImport(businessId: string, importId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: importKey(businessId, importId),
    queryFn: () => getImport(businessId, importId),
    // The upload's own answer is shown for a moment before the first poll (no request at once).
    staleTime: IMPORT_PROGRESS_POLL_MS,
    refetchInterval: (current) =>
      current.state.data && !isImportFinished(current.state.data.status)
        ? IMPORT_PROGRESS_POLL_MS
        : false,
  });
  const finished = query.data ? isImportFinished(query.data.status) : false;
  useEffect(() => {
    if (finished)
      void queryClient.invalidateQueries({ queryKey: importsKey(businessId), exact: true });
  }, [finished, businessId, queryClient]);
  return query;
}

export type UploadResult =
  { ok: true; report: InventoryImportReport } | { ok: false; message: string };

/**
 * POST the feed file (multipart): the server checks and stores it and answers at once with the
 * queued import (its job applies the rows); a refused file comes back as `ok: false` with the
 * server's words.
 */
export async function uploadFeed(
  businessId: string,
  file: File,
  mode: FeedMode,
  client: HttpClient = http,
): Promise<UploadResult> {
  const form = new FormData();
  form.append(INVENTORY_MODE_FIELD, mode);
  form.append(INVENTORY_FEED_FIELD, file, file.name);
  const answer = await client.upload(
    managePaths.inventoryImports(businessId),
    form,
    inventoryImportResponse,
  );
  return isSuccess(answer)
    ? { ok: true, report: answer.result }
    : { ok: false, message: answer.message };
}

export function useUploadFeed(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mode }: { file: File; mode: FeedMode }) =>
      uploadFeed(businessId, file, mode),
    onSuccess: (result) => {
      if (!result.ok) return;
      queryClient.setQueryData(importKey(businessId, result.report.id), result.report);
      // Not awaited: the progress shows at once, while the history reloads beside it.
      void queryClient.invalidateQueries({ queryKey: importsKey(businessId), exact: true });
    },
  });
}
