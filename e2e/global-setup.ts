import { existsSync } from 'node:fs';
import { E2E_GOOGLE_CLIENT_ID, startJwksSigner } from './support/google.ts';
import { COMMERCE_LOCAL_TIME, minutesUntilLocalTime } from './support/clock.ts';
import { serverEntry, startServer } from './support/server.ts';

/**
 * The servers for the whole run, each the production build on a free port with a fresh embedded
 * database, in the server's default (non-production) mode as `npm start` runs it, so mail lands in
 * the dev outbox:
 * - the main one, with Google sign-in verified against a local JWKS signer (E2E_BASE_URL);
 * - one with Google sign-in not configured, for the app's demo fallback (E2E_NO_GOOGLE_BASE_URL);
 * - one for checkout whose clock reads late morning in the demo city (E2E_COMMERCE_BASE_URL).
 * Workers read the addresses and the signing key from the environment set here.
 */
export default async function globalSetup() {
  if (!existsSync(serverEntry)) {
    throw new Error(
      `Missing ${serverEntry}: run "npm run build" first (npm test does it for you).`,
    );
  }
  const signer = await startJwksSigner();
  // Many sign-ups come from 127.0.0.1 in one run: scale the per-IP limits, keep them on.
  // Pages read an order's money right after a move: give the simulator time on a busy runner.
  // Feed addresses may point at a stand-in the spec serves on 127.0.0.1 (ADR 0023; never in production).
  const common = {
    RATE_LIMIT_MULTIPLIER: '50',
    PROVIDER_WAIT_MS: '20000',
    FEED_URL_ALLOW_INSECURE_LOOPBACK: 'true',
  };
  const [main, withoutGoogle, commerce] = await Promise.all([
    startServer({
      ...common,
      GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
      GOOGLE_JWKS_URL: signer.jwksUrl,
    }),
    startServer({ ...common, GOOGLE_CLIENT_ID: '' }),
    // Checkout depends on the time of day (same-day delivery cut-offs, opening hours): this one's
    // clock reads late morning in the demo city whenever the suite runs.
    // Its APP_URL names localhost while the browser opens 127.0.0.1: payment must work on any host.
    startServer(
      {
        ...common,
        GOOGLE_CLIENT_ID: '',
        CLOCK_OFFSET_MINUTES: String(minutesUntilLocalTime(COMMERCE_LOCAL_TIME)),
      },
      { appUrlHost: 'localhost' },
    ),
  ]);
  process.env.E2E_BASE_URL = main.baseUrl;
  process.env.E2E_NO_GOOGLE_BASE_URL = withoutGoogle.baseUrl;
  process.env.E2E_COMMERCE_BASE_URL = commerce.baseUrl;
  process.env.E2E_GOOGLE_JWK = JSON.stringify(signer.privateJwk);

  return async () => {
    const codes = await Promise.all([main.stop(), withoutGoogle.stop(), commerce.stop()]);
    await signer.close();
    if (codes.some((code) => code !== 0)) {
      throw new Error(
        `a server did not shut down cleanly on SIGTERM (exit ${codes.join(', ')}):\n${main.output()}\n${withoutGoogle.output()}\n${commerce.output()}`,
      );
    }
  };
}
