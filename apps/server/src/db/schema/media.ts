import { customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { generatedId, timestamptz } from './columns.ts';
import { users } from './accounts.ts';

/** bytea as a Buffer on both drivers (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Uploaded images (profile pictures, later store images), kept in the database so every API
 * instance serves them without shared disk. Small by contract (PROFILE_PICTURE_MAX_BYTES).
 */
export const media = pgTable(
  'media',
  {
    id: generatedId(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Decided from the bytes (magic numbers), never from the uploader's claim. */
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('media_owner_idx').on(table.ownerId)],
);
