/**
 * category-modal's `returnTo`: where to go with the chosen category. It arrives in a URL anyone can
 * craft, so only an in-app path is kept ('/products?q=milk'); '//host', '/\host' and schemes are not.
 */
export function cleanReturnTo(raw: string | null, fallback: string): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return fallback;
  return raw;
}

/** `returnTo` with `category` set to the chosen slug (or removed for "All categories"). */
export function withCategory(returnTo: string, slug: string | null): string {
  const url = new URL(returnTo, 'http://localmart.invalid');
  if (slug) url.searchParams.set('category', slug);
  else url.searchParams.delete('category');
  return `${url.pathname}${url.search}${url.hash}`;
}
