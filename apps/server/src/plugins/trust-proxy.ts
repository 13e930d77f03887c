import { isIP } from 'node:net';

/**
 * TRUST_PROXY: which X-Forwarded-For entries the server believes (request.ip, hence the per-IP rate
 * limits and logs). Never "everyone": `true` would let any client choose its own address by sending
 * the header. Either the number of proxies in front of the server (each appends the address it saw,
 * so the entry that many hops from the socket is the client), or the proxies' own addresses.
 */
export type TrustProxy = false | { hops: number } | { addresses: readonly string[] };

/** proxy-addr's named ranges, which Fastify accepts in an address list. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
export const MAX_PROXY_HOPS = 10;

export const TRUST_PROXY_HELP =
  'must be the number of proxies in front of the server (such as 1) or their comma-separated addresses or CIDR ranges (such as 10.0.0.1,10.0.0.0/8); true would trust any client';

/** An IP address, an address/prefix length, or one of proxy-addr's names. */
function isTrustedEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Parse the variable; undefined when the value is not one of the accepted forms. */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === 'no' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= MAX_PROXY_HOPS ? { hops } : undefined;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0 || !entries.every(isTrustedEntry)) return undefined;
  return { addresses: entries };
}

/**
 * Fastify's `trustProxy` option. A hop count is given as a function: Fastify 5.12 turns a bare
 * number into "trust nobody" (a hop count cannot tell the proxy from a client that reached the
 * server directly, so keep the server reachable only through the proxy, or list the proxies).
 * proxy-addr calls it with each address from the socket outwards (hop 0 is the socket's peer).
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return [...trust.addresses];
}
