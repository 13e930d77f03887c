import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { type AppDatabase, closeOnce, IN_MEMORY, pgliteFolder } from './database.ts';
import { migratePglite } from './migrate.ts';
import * as schema from './schema/index.ts';

/** The embedded database: PostgreSQL compiled to WASM, one connection, in this process. */

// Extensions must be loaded when PGlite starts; migrations then only CREATE EXTENSION them.
const extensions = { pg_trgm };

export async function createPgliteDatabase(dataDir: string, template?: Blob): Promise<AppDatabase> {
  const inMemory = dataDir === IN_MEMORY;
  const folder = inMemory ? IN_MEMORY : pgliteFolder(dataDir);
  if (!inMemory) await mkdir(folder, { recursive: true });

  const client = await PGlite.create(folder, {
    extensions,
    ...(inMemory && template ? { loadDataDir: template } : {}),
  });
  const db = drizzle({ client, schema });
  return {
    db,
    kind: 'pglite',
    location: inMemory ? 'memory' : folder,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: () => migratePglite(db),
    close: closeOnce(() => client.close()),
    // PGlite delivers a NOTIFY when its transaction commits, and never one rolled back (as
    // PostgreSQL does; checked by modules/live/live.test.ts). One connection: nothing to lose.
    listen: async (channel, { onNotify }) => {
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  };
}

/** A migrated, empty in-memory database, dumped: the starting point of every test file's PGlite. */
export async function createPgliteTemplate(): Promise<Blob> {
  const client = await PGlite.create(IN_MEMORY, { extensions });
  try {
    await migratePglite(drizzle({ client, schema }));
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
