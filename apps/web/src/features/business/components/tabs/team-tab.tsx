import { commonMessages } from '@localmart/contract';
import { Link } from 'react-router-dom';
import {
  EmptyState,
  ErrorState,
  ListSkeleton,
} from '../../../../components/catalog/list-states.tsx';
import { useBusinessTeam } from '../../api/get-business-team.ts';
import { teamsPath } from '../../model/paths.ts';
import { TeamList } from '../team-list.tsx';

export function TeamTab({ businessId }: { businessId: string }) {
  const query = useBusinessTeam(businessId);
  if (query.isPending) return <ListSkeleton count={3} variant="row" />;
  if (query.isError) {
    return (
      <ErrorState
        message={query.error.message || commonMessages.genericFailure}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const members = query.data.found ? query.data.value : [];
  if (members.length === 0) {
    return <EmptyState title="No team listed" message="This store has not introduced its team." />;
  }
  return (
    <>
      <TeamList businessId={businessId} members={members} />
      <p className="lm-store-more">
        <Link to={teamsPath(businessId)}>Meet the whole team</Link>
      </p>
    </>
  );
}
