import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';

/** Marks a connection refused by the address guard, so it is told apart from a network failure. */
export class RefusedAddress extends Error {}

/**
 * A DNS lookup for outgoing calls to addresses a person gave us (push endpoints, feed URLs): it
 * drops the connection when the name resolves to any address `allowed` refuses, at connect time, so
 * there is no gap between a check and the connect for a name to change its answer.
 */
export function guardedLookup(allowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      if (addresses.length === 0 || addresses.some((a) => !allowed(a.address))) {
        callback(new RefusedAddress(`${hostname} resolves to a non-public address`), '', 0);
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
