import { useQuery } from '@tanstack/react-query';
import { dashboardResponse, managePaths, type Dashboard } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
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
