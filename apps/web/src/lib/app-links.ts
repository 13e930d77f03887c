// lib normally depends on nothing of the app; the route table is the one exception, so that the
// router and the app-link matcher can never disagree about which routes exist (spec §2).
import { appRoutes, isRedirect, matchRoute, type AppRoute } from '../app/routes.tsx';
import { HOME_PATH } from './paths.ts';

/** Schemes the native app is opened with, besides https links to the site. */
const WEB_SCHEMES = new Set(['http:', 'https:']);

/**
 * Turn a URL the native app was opened with (https://host/path?query, or localmart://path?query) into
 * the in-app route: the same path and query when the path is a route of the table, else /home
 * (spec §2, "falling back to /home").
 */
export function resolveAppLink(url: string, routes: readonly AppRoute[] = appRoutes): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return HOME_PATH;
  }
  const path = normalisePath(inAppPath(parsed));
  if (path === null) return HOME_PATH;
  const route = matchRoute(path, routes);
  if (!route) return HOME_PATH;
  if (isRedirect(route)) return route.redirectTo + parsed.search;
  return path + parsed.search;
}

/**
 * The path part of an opened URL. For a custom scheme, `localmart://order-details/42` parses with
 * "order-details" as the host, so the host is the route's first segment.
 */
function inAppPath(url: URL): string {
  if (WEB_SCHEMES.has(url.protocol)) return url.pathname;
  const host = url.host ? `/${url.host}` : '';
  return `${host}${url.pathname}`;
}

function normalisePath(path: string): string | null {
  try {
    // Only a validity check: the path is kept percent-encoded, as react-router expects it.
    decodeURI(path);
  } catch {
    return null;
  }
  // Collapse doubled slashes and drop a trailing one: /products/ is /products.
  const collapsed = path.replace(/\/{2,}/g, '/');
  const trimmed = collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}
