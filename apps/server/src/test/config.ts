import { type Config, loadConfig } from '../config.ts';

/** A valid, quiet configuration for tests; `env` overrides single variables. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    COOKIE_SECRET: 'test-cookie-secret-that-is-long-enough-0123456789',
    // Apps built with NODE_ENV=production in tests pay in the simulator too (config.test.ts and
    // main.test.ts check that production refuses to start without PayU).
    ALLOW_PAYU_SIMULATOR_IN_PRODUCTION: 'true',
    // Tests read the money right after a move: on a loaded runner the simulator may take over 3 s.
    // The bound itself is tested in order-effects.test.ts.
    PROVIDER_WAIT_MS: '30000',
    ...env,
  });
}
