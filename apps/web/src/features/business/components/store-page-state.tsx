import { commonMessages } from '@localmart/contract';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/catalog/list-states.tsx';
import { ContentSkeleton } from '../../../components/ui/content-skeleton.tsx';
import type { Lookup } from '../api/lookup.ts';
import { StoreMissing } from './store-missing.tsx';

interface LookupQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: Lookup<T> | undefined;
  refetch: () => unknown;
}

/**
 * The loading / error + Retry / not-found states every store sub-page shares, then `render` with the
 * value. A missing `?business=` reads as an unknown store.
 */
export function StorePageState<T>({
  query,
  enabled,
  label,
  render,
}: {
  query: LookupQuery<T>;
  enabled: boolean;
  label: string;
  render: (value: T) => ReactNode;
}) {
  if (!enabled) return <StoreMissing />;
  if (query.isPending) return <ContentSkeleton label={label} />;
  if (query.isError || !query.data) {
    return (
      <ErrorState message={commonMessages.genericFailure} onRetry={() => void query.refetch()} />
    );
  }
  if (!query.data.found) return <StoreMissing />;
  return <>{render(query.data.value)}</>;
}
