import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/catalog/list-states.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { useBusiness } from '../api/get-business.ts';
import { useBusinessTeam } from '../api/get-business-team.ts';
import { businessDetailsPath } from '../model/business-tabs.ts';
import { StorePageState } from './store-page-state.tsx';
import { TeamList } from './team-list.tsx';
import './business.css';

/** /teams?business=<id>: the store's staff. */
export function TeamsPage() {
  const [params] = useSearchParams();
  const businessId = params.get('business') ?? '';
  const team = useBusinessTeam(businessId);
  const business = useBusiness(businessId);
  const name = business.data?.found ? business.data.value.name : null;
  return (
    <AppPage
      title={name ? `Team · ${name}` : 'Our team'}
      backTo={businessId ? businessDetailsPath(businessId, 'team') : '/home'}
    >
      <StorePageState
        query={team}
        enabled={businessId !== ''}
        label="Loading team"
        render={(members) =>
          members.length === 0 ? (
            <EmptyState title="No team listed" message="This store has not introduced its team." />
          ) : (
            <TeamList businessId={businessId} members={members} />
          )
        }
      />
    </AppPage>
  );
}
