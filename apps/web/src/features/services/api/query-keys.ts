import type { Near } from '../../../lib/catalog/businesses-of-kind.ts';
import type { ServiceFilters } from './get-services.ts';

/** TanStack Query keys of the services feature, in one place so invalidation cannot miss one. */
export const serviceKeys = {
  all: ['services'] as const,
  providerServices: (businessId: string, near: Near) =>
    [...serviceKeys.all, 'provider-services', businessId, near] as const,
  list: (filters: ServiceFilters) => [...serviceKeys.all, 'list', filters] as const,
  detail: (businessId: string, serviceId: string) =>
    [...serviceKeys.all, 'detail', businessId, serviceId] as const,
  categories: () => [...serviceKeys.all, 'categories'] as const,
};
