import { pendingFirstNewest } from '@localmart/contract';
import { useCurrentStore } from '../../lib/store-context.tsx';
import { ManagePage } from '../../shell/manage-page.tsx';
import { PriceMatchCard } from './price-match-card.tsx';
import { usePriceMatches } from './price-matches-api.ts';
import './price-matches.css';
import { QueryStates } from '../../components/query-states.tsx';

/** Shoppers' price-match requests: a local competitor's lower price for an item of ours. */
export function PriceMatchesPage() {
  const { businessId } = useCurrentStore();
  const requests = usePriceMatches(businessId);
  return (
    <ManagePage
      title="Price matches"
      subtitle="Shoppers found these items cheaper nearby. Approve to match the price for them."
    >
      <QueryStates
        query={requests}
        loadingLabel="Loading price-match requests…"
        isEmpty={(data) => data.length === 0}
        emptyTitle="No price-match requests."
        emptyText={
          <p>When a shopper asks you to match a competitor's price, the request appears here.</p>
        }
      >
        {(data) => (
          <ul className="mpm-list" aria-label="Price-match requests">
            {pendingFirstNewest(data).map((request) => (
              <PriceMatchCard key={request.id} businessId={businessId} request={request} />
            ))}
          </ul>
        )}
      </QueryStates>
    </ManagePage>
  );
}
