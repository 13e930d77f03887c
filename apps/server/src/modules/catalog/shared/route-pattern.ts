/**
 * The Fastify route pattern of a catalogue path: catalogPaths encodes its arguments, so ':businessId'
 * comes out as '%3AbusinessId'; decoding gives Fastify its parameter back, and the contract stays the
 * one source of the paths.
 */
export function routePattern(path: string): string {
  return decodeURIComponent(path);
}
