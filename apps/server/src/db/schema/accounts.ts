import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { generatedId, timestamptz } from './columns.ts';

/**
 * Accounts: users, their sessions, one-time email codes and password-reset tokens. Every secret
 * (session token, code, reset token) is stored only as a hash, so a read of the database never
 * yields a credential that works.
 */

export const users = pgTable(
  'users',
  {
    id: generatedId(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    displayName: text('display_name').notNull(),
    /** Always lower-case (checked below), so the unique index is case-insensitive in effect. */
    email: text('email').notNull().unique(),
    /** argon2id; null for accounts that only sign in with Google. */
    passwordHash: text('password_hash'),
    /** Set by a correct email code, a used reset link, or a Google sign-in with a verified email. */
    emailVerifiedAt: timestamptz('email_verified_at'),
    /** Google's `sub` claim: the stable identity future Google sign-ins are keyed on. */
    googleId: text('google_id').unique(),
    /** URL of the profile picture: our media URL or Google's. */
    picture: text('picture'),
    /** Optional phone the shopper gives (E.164, '+14165550123'): prefilled at checkout (issue 15). */
    phone: text('phone'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{user}'::text[]`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [check('users_email_lower_case', sql`${table.email} = lower(${table.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: generatedId(),
    /** sha256 of the bearer token (hex). The token itself is only ever in the client's hands. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    /** Sliding: pushed forward when the session is used (at most once a minute). */
    expiresAt: timestamptz('expires_at').notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    index('sessions_expires_idx').on(table.expiresAt),
  ],
);

/** One live code per email and purpose: issuing a new one replaces (and so invalidates) the old. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: generatedId(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    /** HMAC-SHA256 under a server key: a 6-digit code is too small a space for a bare hash. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When the code was issued: the resend cooldown counts from here. */
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('one_time_codes_target_idx').on(table.email, table.purpose)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: generatedId(),
    /** sha256 of the 128-bit token in the emailed link (hex). */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
