import { useSearchParams } from 'react-router-dom';
import { CatalogImage } from '../../../components/catalog/catalog-image.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { useTeamMember } from '../api/get-team-member.ts';
import { teamsPath } from '../model/paths.ts';
import { StorePageState } from './store-page-state.tsx';
import './business.css';

/** /team-details?business=<id>&id=<memberId>: one staff member with photo, role and bio. */
export function TeamDetailsPage() {
  const [params] = useSearchParams();
  const businessId = params.get('business') ?? '';
  const memberId = params.get('id') ?? '';
  const query = useTeamMember(businessId, memberId);
  const member = query.data?.found ? query.data.value : null;
  return (
    <AppPage
      title={member?.name ?? 'Team member'}
      backTo={businessId ? teamsPath(businessId) : '/home'}
    >
      <StorePageState
        query={query}
        enabled={businessId !== '' && memberId !== ''}
        label="Loading team member"
        render={(found) => (
          <article className="lm-member">
            <CatalogImage image={found.photo} className="lm-member-photo" eager sizes="160px" />
            <h2 className="lm-member-name">{found.name}</h2>
            <p className="lm-member-role">{found.role}</p>
            <p className="lm-member-bio">{found.bio}</p>
          </article>
        )}
      />
    </AppPage>
  );
}
