import type { SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';

/**
 * Rows of a raw SQL statement. Both drivers (PGlite and node-postgres) answer `execute` with an
 * object carrying `rows`, but the driver-neutral Database type cannot say so; the caller names the
 * row shape its SELECT list produces (cast numbers to int/float in SQL: bigint arrives as text).
 */
export async function executeRows<TRow>(db: Database, query: SQL): Promise<TRow[]> {
  const result = (await db.execute(query)) as unknown as { rows: TRow[] };
  return result.rows;
}
