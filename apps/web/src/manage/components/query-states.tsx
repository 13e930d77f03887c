import { commonMessages } from '@localmart/contract';
import type { ReactNode } from 'react';
import { Empty, Failed, Loading } from '../shell/manage-page.tsx';

/** What QueryStates reads of a react-query result (a list, an infinite list or one record). */
interface Read<T> {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * The states of a page's read, in the order every manage page shows them: loading, failed (with
 * Try again), empty (when `isEmpty` says so and an `emptyTitle` is given), else the content,
 * rendered with the loaded data.
 */
export function QueryStates<T>({
  query,
  loadingLabel,
  isEmpty,
  emptyTitle,
  emptyText,
  children,
}: {
  query: Read<T>;
  loadingLabel?: string;
  isEmpty?: (data: T) => boolean;
  emptyTitle?: string;
  /** The line under the empty title (what to do next). */
  emptyText?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading {...(loadingLabel ? { label: loadingLabel } : {})} />;
  if (query.isError || query.data === undefined) {
    return (
      <Failed
        message={query.error?.message ?? commonMessages.genericFailure}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (emptyTitle && isEmpty?.(query.data)) {
    return <Empty title={emptyTitle}>{emptyText}</Empty>;
  }
  return <>{children(query.data)}</>;
}
