import type { QueryClient } from '@tanstack/react-query';
import { PRODUCTS_PATH } from '../features/products/model/paths.ts';
import { HOME_PATH } from '../lib/paths.ts';

/**
 * Puts the first list of the page the app opens on into `client` before the first render (main.tsx
 * waits for it, briefly). Rendered without it, the first render shows a skeleton and the cards come
 * one render and one paint later, when the list's parse resolves: under mobile throttling that second
 * pass held the LCP element (the first cover) back by ~0.3 s (bench: vitals). The list call is the
 * one first-screen.ts started, so nothing is fetched twice; the imports are the route table's, so the
 * page's chunk is shared. Any other page renders at once.
 */
export function prefetchFirstScreen(
  client: QueryClient,
  pathname: string,
  search: string,
): Promise<void> {
  switch (pathname) {
    // '/' redirects to the Stores page (routes.tsx).
    case '/':
    case HOME_PATH:
      return import('../features/stores/components/stores-page.tsx').then(
        (page) => page.prefetchFirstStores(client),
        () => undefined,
      );
    case PRODUCTS_PATH:
      return import('../features/products/components/products-page.tsx').then(
        (page) => page.prefetchFirstProducts(client, search),
        () => undefined,
      );
    default:
      return Promise.resolve();
  }
}
