import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Column builders every table shares. Each call makes a fresh builder (drizzle needs one per table). */

/** A UUID primary key the database fills in when the insert gives none. */
export const generatedId = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);

/** Instants are always stored with their time zone (UTC in, UTC out). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
