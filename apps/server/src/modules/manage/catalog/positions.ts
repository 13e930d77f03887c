import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { executeRows } from '../../catalog/search/execute-rows.ts';

/**
 * Ordered lists of the catalogue editor (menus, sections, dishes, gallery, team): each row has an
 * integer `position`, read in (position, id) order. A new row goes last; a move takes the row out
 * and puts it back at the requested index, then renumbers the list 0..n-1, so positions never tie
 * or leave gaps however often the owner drags things about.
 */
export interface OrderedTable {
  table: PgTable;
  id: AnyPgColumn;
  position: AnyPgColumn;
}

/** The position after the last row of the list `scope` selects (0 for an empty list). */
export async function nextPosition(db: Database, list: OrderedTable, scope: SQL): Promise<number> {
  const [row] = await executeRows<{ next: number }>(
    db,
    sql`select coalesce(max(${list.position}) + 1, 0)::int as next from ${list.table} where ${scope}`,
  );
  return row?.next ?? 0;
}

/** Moves row `id` to index `target` of the list `scope` selects (clamped to the end). */
export async function moveToPosition(
  db: Database,
  list: OrderedTable,
  scope: SQL,
  id: string,
  target: number,
): Promise<void> {
  const rows = await executeRows<{ id: string }>(
    db,
    sql`select ${list.id} as id from ${list.table} where ${scope}
      order by ${list.position}, ${list.id} for update`,
  );
  const ids = rows.map((row) => row.id).filter((rowId) => rowId !== id);
  ids.splice(Math.min(target, ids.length), 0, id);
  const values = sql.join(
    ids.map((rowId, index) => sql`(${rowId}::uuid, ${index}::int)`),
    sql`, `,
  );
  await db.execute(sql`update ${list.table} set position = moved.position
    from (values ${values}) as moved(id, position)
    where ${list.id} = moved.id`);
}
