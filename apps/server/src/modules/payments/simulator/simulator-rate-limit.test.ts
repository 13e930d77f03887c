import { commonMessages, payuSimulatorPaths } from '@localmart/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { pgliteBackend, useTestDatabase } from '../../../test/databases.ts';
import { rateLimitRules } from '../../rate-limit/rate-limit-rules.ts';

// A tenth of every limit, so the test reaches one in a few dozen requests.
const MULTIPLIER = 0.1;

function formPost(
  app: FastifyInstance,
  url: string,
  remoteAddress: string,
  fields: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('PayU simulator rate limits', () => {
  const database = useTestDatabase(pgliteBackend);
  const testApp = useTestApp(database);

  it('limits the public payment pages per IP, apart from its merchant API and other IPs', async () => {
    const app = await testApp({ env: { RATE_LIMIT_MULTIPLIER: String(MULTIPLIER) } });
    const allowed = Math.ceil(rateLimitRules.payuSimulatorPage.perIp.limit * MULTIPLIER);
    const ip = '10.7.0.1';
    const pages = [payuSimulatorPaths.payment, payuSimulatorPaths.complete];
    for (let i = 0; i < allowed; i += 1) {
      // A form without fields is refused by the simulator itself (400), and still counts.
      expect((await formPost(app, pages[i % 2]!, ip)).statusCode).toBe(400);
    }

    const refused = await formPost(app, payuSimulatorPaths.complete, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 0, message: commonMessages.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    expect((await formPost(app, payuSimulatorPaths.payment, '10.7.0.2')).statusCode).toBe(400);
    // The merchant API keeps its own, larger allowance: the server's own calls are not starved.
    const api = await formPost(app, `${payuSimulatorPaths.postservice}?form=2`, ip, {
      command: 'verify_payment',
    });
    expect(api.statusCode).toBe(200);
    expect(rateLimitRules.payuSimulatorApi.perIp.limit).toBeGreaterThan(
      rateLimitRules.payuSimulatorPage.perIp.limit,
    );
  });
});
