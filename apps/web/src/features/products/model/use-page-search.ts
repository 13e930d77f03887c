import { useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The query string of `pathname` while that page is showing, and the last one it had while it is
 * not. Ionic keeps pages of the stack mounted and react-router hands every mounted page the current
 * location, so without this the Products grid behind a product page would read `?id=...` as its
 * filters and refetch for nothing.
 */
export function usePageSearch(pathname: string): string {
  const location = useLocation();
  const current = location.pathname === pathname ? location.search : null;
  const [search, setSearch] = useState(current ?? '');
  // Adjusting state during render (React's documented pattern) keeps the first paint in step.
  if (current !== null && current !== search) setSearch(current);
  return current ?? search;
}
