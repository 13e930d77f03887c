import { existsSync } from 'node:fs';
import { serverEntry, startServer } from './support/server.ts';

/**
 * One server for the whole run: the production build on a free port with a fresh embedded database.
 * Workers read its address from E2E_BASE_URL (environment set here reaches the workers).
 */
export default async function globalSetup() {
  if (!existsSync(serverEntry)) {
    throw new Error(
      `Missing ${serverEntry}: run "npm run build" first (npm test does it for you).`,
    );
  }
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  return async () => {
    const code = await server.stop();
    if (code !== 0) {
      throw new Error(
        `server did not shut down cleanly on SIGTERM (exit ${code}):\n${server.output()}`,
      );
    }
  };
}
