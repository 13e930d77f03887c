import { NavLink } from 'react-router-dom';
import { sitePaths } from '../../lib/site-paths.ts';
import './admin.css';

const SECTIONS = [
  { label: 'Stores', to: sitePaths.admin },
  { label: 'Pages', to: sitePaths.adminPages },
  { label: 'Payments', to: sitePaths.adminPayments },
  { label: 'Mail', to: sitePaths.adminMail },
  { label: 'Reviews', to: sitePaths.adminReviews },
  { label: 'Product content', to: sitePaths.adminProductContent },
  { label: 'Brand partners', to: sitePaths.adminBrandPartners },
] as const;

/** The admin area's sections, above each of its list pages (the header links to the first only). */
export function AdminNav() {
  return (
    <nav className="mys-admin-nav" aria-label="Admin">
      {SECTIONS.map((section) => (
        // `end`: the stores page's path is the prefix of the others, and only one is current.
        <NavLink key={section.to} to={section.to} end>
          {section.label}
        </NavLink>
      ))}
    </nav>
  );
}
