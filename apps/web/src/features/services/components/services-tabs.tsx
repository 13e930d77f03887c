import { Link } from 'react-router-dom';

export const PROVIDERS_TAB = 'Providers';
export const ALL_SERVICES_TAB = 'All services';

/** The two ways into services: by provider near you (servicelist) or every service (services). */
export function ServicesTabs({ current }: { current: 'providers' | 'services' }) {
  return (
    <nav className="lm-services-tabs" aria-label="Services">
      <Link
        to="/servicelist"
        className="lm-services-tab"
        aria-current={current === 'providers' ? 'page' : undefined}
      >
        {PROVIDERS_TAB}
      </Link>
      <Link
        to="/services"
        className="lm-services-tab"
        aria-current={current === 'services' ? 'page' : undefined}
      >
        {ALL_SERVICES_TAB}
      </Link>
    </nav>
  );
}
