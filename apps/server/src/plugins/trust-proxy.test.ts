import { apiPaths, commonMessages, ok } from '@localmart/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { DEV_OUTBOX_PAGE } from '../modules/mail/outbox.routes.ts';
import { rateLimitRules } from '../modules/rate-limit/rate-limit-rules.ts';
import { csrfHeaders, useTestApp } from '../test/app.ts';
import { pgliteBackend, useTestDatabase } from '../test/databases.ts';
import { parseTrustProxy, TRUST_PROXY_HELP } from './trust-proxy.ts';

/**
 * TRUST_PROXY never trusts everyone: a client's own X-Forwarded-For entries are ignored beyond the
 * configured proxies, so it can neither pick its rate-limit key nor pass for 127.0.0.1.
 */

const IP_PATH = '/api/v1/test/ip';
const PROXY = '10.0.0.1';
const CLIENT = '198.51.100.7';

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected loadConfig to fail');
}

describe('TRUST_PROXY configuration', () => {
  it('takes a hop count or addresses and CIDR ranges; false, 0 or unset trusts nobody', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,fd00::/8 ,loopback' }).trustProxy,
    ).toEqual({ addresses: ['10.0.0.1', '10.0.0.0/8', 'fd00::/8', 'loopback'] });
  });

  it('refuses "everyone" (true) with one line naming the variable', () => {
    for (const value of ['true', 'TRUE', 'yes']) {
      expect(configError({ TRUST_PROXY: value })).toBe(
        `Invalid configuration: TRUST_PROXY ${TRUST_PROXY_HELP} (got "${value}")`,
      );
    }
  });

  it('refuses malformed addresses, ranges and hop counts', () => {
    for (const value of ['10.0.0.300', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', 'proxy', '11']) {
      expect(parseTrustProxy(value), value).toBeUndefined();
      expect(configError({ TRUST_PROXY: value })).toMatch(/^Invalid configuration: TRUST_PROXY /);
    }
  });
});

describe('TRUST_PROXY over HTTP', () => {
  const database = useTestDatabase(pgliteBackend);
  const testApp = useTestApp(database);

  async function appTrusting(trustProxy: string | undefined): Promise<FastifyInstance> {
    return testApp({
      env: {
        RATE_LIMIT_MULTIPLIER: '1',
        ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
      },
      routes: async (routes) => {
        routes.get(IP_PATH, async (request) => ok({ result: request.ip }));
      },
    });
  }

  async function ipSeen(
    app: FastifyInstance,
    remoteAddress: string,
    forwardedFor?: string,
  ): Promise<string> {
    const response = await app.inject({
      method: 'GET',
      url: IP_PATH,
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });
    return (response.json() as { result: string }).result;
  }

  it('one hop: the address the proxy appended, whatever the client put before it', async () => {
    const app = await appTrusting('1');
    expect(await ipSeen(app, PROXY, CLIENT)).toBe(CLIENT);
    expect(await ipSeen(app, PROXY, `127.0.0.1, 203.0.113.9, ${CLIENT}`)).toBe(CLIENT);
    expect(await ipSeen(app, PROXY)).toBe(PROXY);
  });

  it('an address list: only a listed proxy is believed, a direct client is its own socket', async () => {
    const app = await appTrusting(`${PROXY},192.168.0.0/16`);
    expect(await ipSeen(app, PROXY, `127.0.0.1, ${CLIENT}`)).toBe(CLIENT);
    // Two listed proxies in a row: the first address no listed proxy vouches for.
    expect(await ipSeen(app, PROXY, `127.0.0.1, ${CLIENT}, 192.168.4.4`)).toBe(CLIENT);
    expect(await ipSeen(app, '203.0.113.50', '127.0.0.1')).toBe('203.0.113.50');
  });

  it('unset: X-Forwarded-For is ignored', async () => {
    const app = await appTrusting(undefined);
    expect(await ipSeen(app, '203.0.113.50', '127.0.0.1')).toBe('203.0.113.50');
  });

  it('a client rotating spoofed X-Forwarded-For entries still hits its per-IP limit', async () => {
    const app = await appTrusting('1');
    const headers = await csrfHeaders(app);
    let asked = 0;
    const ask = (forwardedFor: string) =>
      app.inject({
        method: 'POST',
        url: apiPaths.forgotPassword,
        remoteAddress: PROXY,
        headers: { ...headers, 'x-forwarded-for': forwardedFor },
        // A new email each time: only the per-IP limit is in play.
        payload: { email: `nobody${(asked += 1)}@example.com`, baseurl: 'http://localhost:3000/' },
      });
    const limit = rateLimitRules.forgotPassword.perIp!.limit;
    for (let i = 0; i < limit; i += 1) {
      expect((await ask(`10.9.9.${i}, ${CLIENT}`)).statusCode).toBe(200);
    }
    const refused = await ask(`10.9.9.250, ${CLIENT}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 0, message: commonMessages.tooManyRequests });
    // Another real client behind the same proxy has its own budget.
    expect((await ask(`10.9.9.250, 198.51.100.8`)).statusCode).toBe(200);
  });

  it('the dev outbox checks the socket: X-Forwarded-For: 127.0.0.1 from outside is refused', async () => {
    const app = await appTrusting('1');
    for (const url of [`${apiPaths.devOutbox}?to=a@example.com`, DEV_OUTBOX_PAGE]) {
      const spoofed = await app.inject({
        method: 'GET',
        url,
        remoteAddress: '203.0.113.7',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(spoofed.statusCode, url).toBe(404);
      // A local proxy forwarding a LAN client does not open it either.
      const forwarded = await app.inject({
        method: 'GET',
        url,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '192.168.1.20' },
      });
      expect(forwarded.statusCode, url).toBe(404);
      const local = await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
      expect(local.statusCode, url).toBe(200);
    }
  });
});
