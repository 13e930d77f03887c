import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Instance-wide settings shared by every server process on one database (e.g. the generated cookie
 * secret), so stateless instances behind a load balancer agree without extra configuration.
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
