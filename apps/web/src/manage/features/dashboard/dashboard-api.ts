import { useQuery } from '@tanstack/react-query';
import { dashboardResponse, managePaths, type Dashboard } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { serverOrigin } from '../../../lib/platform.ts';
import { currentToken } from '../../../lib/storage.ts';
import { assertSuccess } from '../../lib/api-answer.ts';

/** The waiting count is the point of this page: read it again every minute while it is open. */
export const DASHBOARD_REFRESH_MS = 60_000;

export const dashboardKey = (businessId: string) => ['manage', businessId, 'dashboard'] as const;

/** GET dashboard: today's orders, waiting answers, 30 days of sales, low stock, recent orders. */
export async function getDashboard(
  businessId: string,
  client: HttpClient = http,
): Promise<Dashboard> {
  const answer = await client.get(managePaths.dashboard(businessId), undefined, dashboardResponse);
  assertSuccess(answer);
  return answer.result;
}

export function useDashboard(businessId: string) {
  return useQuery({
    queryKey: dashboardKey(businessId),
    queryFn: () => getDashboard(businessId),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

/** What a download of the orders export came to: saved, or the server's words why not. */
export type ExportOutcome = { ok: true; filename: string } | { ok: false; message: string };

const FILENAME = /filename="([^"]+)"/;

/**
 * The orders of a date range as CSV (owner). Fetched with the session's bearer token (a plain link
 * would carry none) and handed to the browser as an object URL to save; a refusal (bad range,
 * staff) comes back as the envelope's message.
 */
export async function downloadOrdersExport(
  businessId: string,
  range: { from: string; to: string },
  fetcher: typeof fetch = fetch,
): Promise<ExportOutcome> {
  const token = currentToken();
  const query = new URLSearchParams(range);
  const response = await fetcher(
    `${serverOrigin()}${managePaths.ordersExport(businessId)}?${query}`,
    { credentials: 'same-origin', headers: token ? { Authorization: `Bearer ${token}` } : {} },
  ).catch(() => null);
  if (!response) return { ok: false, message: 'No connection. Check it and try again.' };
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    return { ok: false, message: body?.message ?? 'The export could not be made. Try again.' };
  }
  const filename =
    FILENAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'orders.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download keeps its bytes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { ok: true, filename };
}
