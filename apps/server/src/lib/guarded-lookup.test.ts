import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedLookup, RefusedAddress } from './guarded-lookup.ts';

/** GET http://localhost:<port>/ through `lookup` on a new connection (a kept-alive one would skip it). */
function getThrough(port: number, lookup: ReturnType<typeof guardedLookup>) {
  return new Promise<number | Error>((resolve) => {
    const request = http.get(
      { host: 'localhost', port, path: '/', lookup, agent: false },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', resolve);
  });
}

describe('guardedLookup', () => {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('connects when every address the name resolves to is allowed', async () => {
    expect(
      await getThrough(
        port,
        guardedLookup(() => true),
      ),
    ).toBe(200);
  });

  it('refuses the connection, told apart from a network failure, when one is not', async () => {
    const seen: string[] = [];
    const outcome = await getThrough(
      port,
      guardedLookup((address) => {
        seen.push(address);
        return false;
      }),
    );
    expect(outcome).toBeInstanceOf(RefusedAddress);
    expect((outcome as Error).message).toBe('localhost resolves to a non-public address');
    expect(seen.length).toBeGreaterThan(0);
  });
});
