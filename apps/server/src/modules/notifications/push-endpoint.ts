import { BlockList, isIP } from 'node:net';

/**
 * Which push endpoints the server will POST to. A push endpoint is an address a user hands us, and
 * the push job then makes our server call it: without a check anyone could make the server call
 * internal addresses (SSRF: the database's admin port, a cloud metadata service). So: https only,
 * to public addresses only, checked when the subscription is registered (the host as written) and
 * again when the job connects (every address the name resolves to, at connect time, so a name
 * that later resolves inside does not get through). Loopback over http is allowed only when
 * PUSH_ALLOW_INSECURE_LOOPBACK is set (tests run a push service on 127.0.0.1; refused in production).
 */
export interface PushEndpointPolicy {
  allowInsecureLoopback: boolean;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Not reachable from the public internet, or not meant to be called at all. */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

function family(address: string): 'ipv4' | 'ipv6' | null {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : null;
}

export function isLoopbackAddress(address: string): boolean {
  const kind = family(address);
  return kind !== null && LOOPBACK.check(address, kind);
}

/** A public unicast address (IPv4-mapped IPv6 is judged by its IPv4 address). */
export function isPublicAddress(address: string): boolean {
  const kind = family(address);
  if (kind === null) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  return !NOT_PUBLIC.check(address, kind);
}

/** Whether the job may connect to this resolved address. */
export function addressAllowed(address: string, policy: PushEndpointPolicy): boolean {
  if (isPublicAddress(address)) return true;
  return policy.allowInsecureLoopback && isLoopbackAddress(address);
}

/** Host names that always mean this machine or its network. */
function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name.endsWith('.local') ||
    name.endsWith('.internal') ||
    !name.includes('.')
  );
}

/**
 * Checks an endpoint as written: null when acceptable, else why not (for the log; the person
 * reads notificationMessages.pushEndpointRefused).
 */
export function pushEndpointProblem(endpoint: string, policy: PushEndpointPolicy): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.username || url.password) return 'credentials in the URL';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = family(host) !== null;
  const loopback = literal ? isLoopbackAddress(host) : host.toLowerCase() === 'localhost';
  if (loopback) {
    return policy.allowInsecureLoopback ? null : 'a loopback address';
  }
  if (url.protocol !== 'https:') return 'not https';
  if (literal) return isPublicAddress(host) ? null : 'a private address';
  if (isLocalName(host)) return 'a local host name';
  return null;
}
