import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { type AppDatabase, createDatabase, type Database } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database handle (kind, ping, close). */
    database: AppDatabase;
    /** Shortcut to the drizzle database services take. */
    db: Database;
  }
}

export interface DatabasePluginOptions {
  config: Config;
  /**
   * An already open and migrated database to use (tests share one per file). The app then leaves
   * migrating and closing it to the caller; otherwise it opens one from config, migrates it before
   * anything else touches it, and closes it when the app closes.
   */
  database?: AppDatabase | undefined;
}

export const databasePlugin = fp(
  async (app: FastifyInstance, { config, database: given }: DatabasePluginOptions) => {
    const database =
      given ??
      (await createDatabase(config, {
        // No stack: an idle connection lost is the database going away, not a bug in the app (one
        // line per pooled connection; requests meanwhile get 503, see db/outage.ts).
        onBackgroundError: (error) =>
          app.log.warn(
            { reason: error.message, code: (error as { code?: unknown }).code },
            'idle database connection lost',
          ),
      }));

    if (!given) {
      app.addHook('onClose', () => database.close());
      // A failed start must still release the PGlite folder (or the pool).
      await database.migrate().catch(async (error: unknown) => {
        await database.close();
        throw error;
      });
    }

    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'database', fastify: '5.x' },
);
