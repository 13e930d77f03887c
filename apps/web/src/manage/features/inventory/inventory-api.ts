import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type FeedColumnMap,
  type FeedMode,
  INVENTORY_COLUMNS_FIELD,
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
 * POST the feed file (multipart): the server checks it and answers with a dry run (a `preview`
 * import: what applying it would do, nothing written; docs/decisions/0019). A mapping chosen on the
 * preview goes with it and is remembered for the store. A refused file comes back as `ok: false`
 * with the server's words.
 */
export async function uploadFeed(
  businessId: string,
  file: File,
  mode: FeedMode,
  client: HttpClient = http,
  columns?: FeedColumnMap,
): Promise<UploadResult> {
  const form = new FormData();
  form.append(INVENTORY_MODE_FIELD, mode);
  if (columns) form.append(INVENTORY_COLUMNS_FIELD, JSON.stringify(columns));
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
    mutationFn: ({
      file,
      mode,
      columns,
    }: {
      file: File;
      mode: FeedMode;
      columns?: FeedColumnMap;
    }) => uploadFeed(businessId, file, mode, http, columns),
    onSuccess: (result) => {
      if (!result.ok) return;
      queryClient.setQueryData(importKey(businessId, result.report.id), result.report);
      // Not awaited: the progress shows at once, while the history reloads beside it.
      void queryClient.invalidateQueries({ queryKey: importsKey(businessId), exact: true });
    },
  });
}

/** POST apply on a preview: queues it (202); Full mode sends the out-of-stock count typed. */
export async function applyFeed(
  businessId: string,
  importId: string,
  confirmOutOfStock: number | undefined,
  client: HttpClient = http,
): Promise<UploadResult> {
  const answer = await client.postJson(
    managePaths.inventoryImportApply(businessId, importId),
    confirmOutOfStock === undefined ? {} : { confirmOutOfStock },
    inventoryImportResponse,
  );
  return isSuccess(answer)
    ? { ok: true, report: answer.result }
    : { ok: false, message: answer.message };
}

export function useApplyFeed(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ importId, confirm }: { importId: string; confirm?: number }) =>
      applyFeed(businessId, importId, confirm),
    onSuccess: (result) => {
      if (!result.ok) return;
      queryClient.setQueryData(importKey(businessId, result.report.id), result.report);
      void queryClient.invalidateQueries({ queryKey: importsKey(businessId), exact: true });
    },
  });
}

/** Offers `text` as a file download named `filename` (CSV template, errors). */
export function downloadText(text: string, filename: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
