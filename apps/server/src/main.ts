import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { isDatabaseUnavailable } from './db/outage.ts';
import { seedIfFirstStart } from './db/seed.ts';

/**
 * In-flight requests get this long to finish after SIGTERM/SIGINT before the process gives up. Longer
 * than the longest outside call a request may wait on (PayU's 15 s timeout, SMTP's 10 s connect), so a
 * deploy does not cut those answers off; shorter than the usual 30 s before an orchestrator SIGKILLs.
 */
const SHUTDOWN_GRACE_MS = 25_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      // One line for the operator, no stack: the message names the variable and the fix.
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function closeOnSignals(app: FastifyInstance): void {
  const shutdown = (signal: NodeJS.Signals) => {
    app.log.info(`${signal} received: finishing in-flight requests, then closing`);
    // unref: the timer alone must not keep a finished process alive.
    setTimeout(() => {
      app.log.error(`shutdown took longer than ${SHUTDOWN_GRACE_MS / 1000} s: forcing exit`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // close() stops accepting connections, waits for in-flight requests, then runs onClose hooks
    // (the database plugin closes PGlite cleanly there, so its folder can be reopened).
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  // `once`: a second Ctrl-C falls through to Node's default and ends the process at once.
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

/**
 * pg-boss 10.4 completes (or fails) a finished job without awaiting the call (src/manager.js
 * onFetch; timgit/pg-boss#577), so when the database is down at that moment the rejection is
 * unhandled, and Node's default would end the process in the middle of an outage. A rejection the
 * outage explains is the outage's (logged once, db/outage.ts); the job stays active and pg-boss runs
 * it again after its expiry. Anything else still ends the process, as Node's default does.
 */
function survivePgBossOutageRejections(app: FastifyInstance): void {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      app.databaseOutage.backgroundFailed(reason);
      return;
    }
    app.log.fatal({ err: reason }, 'unhandled promise rejection: exiting');
    process.exit(1);
  });
}

async function start(): Promise<void> {
  const config = readConfig();
  const app = await buildApp(config);
  survivePgBossOutageRejections(app);
  try {
    await app.ready();
    await seedIfFirstStart(app.database, { appName: config.appName, now: app.now() });
    closeOnSignals(app);
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.fatal({ err: error }, 'start-up failed');
    await app.close().catch(() => undefined);
    process.exit(1);
  }

  const { port } = app.server.address() as AddressInfo;
  const database =
    app.database.kind === 'pglite' ? `pglite at ${app.database.location}` : app.database.kind;
  app.log.info(`${config.appName} listening on http://localhost:${port} (database: ${database})`);
}

start().catch((error: unknown) => {
  // Failures before the logger exists (e.g. the database cannot be opened).
  console.error('Start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
