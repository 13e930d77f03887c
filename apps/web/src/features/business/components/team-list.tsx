import type { TeamMember } from '@localmart/contract';
import { Link } from 'react-router-dom';
import { CatalogImage } from '../../../components/catalog/catalog-image.tsx';
import { teamDetailsPath } from '../model/paths.ts';

/** Staff as rows with photo, name and role; each opens the member's page. */
export function TeamList({
  businessId,
  members,
}: {
  businessId: string;
  members: readonly TeamMember[];
}) {
  return (
    <ul className="lm-catalog-list lm-catalog-list-list" aria-label="Team">
      {members.map((member) => (
        <li key={member.id} className="lm-catalog-list-item">
          <Link className="lm-store-row" to={teamDetailsPath(businessId, member.id)}>
            <CatalogImage
              image={member.photo}
              className="lm-store-row-thumb lm-store-row-round"
              sizes="64px"
            />
            <span className="lm-store-row-text">
              <span className="lm-store-row-title">{member.name}</span>
              <span className="lm-store-row-sub">{member.role}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
