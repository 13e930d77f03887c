import { randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEY_VISIBLE_CHARS,
  type ApiKey,
  inventoryMessages,
} from '@localmart/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { storeApiKeys } from '../../../db/schema/index.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { hashToken } from '../../auth/tokens.ts';

/**
 * Store API keys for automated feed pushes: `lmk_` + 32 random bytes (base64url). The secret is
 * answered once, when created; only its sha256 is kept (a key is random, so no slow hash is needed:
 * there is nothing to guess from its hash).
 */

type KeyRow = typeof storeApiKeys.$inferSelect;

function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: Database, businessId: string): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(storeApiKeys)
    .where(eq(storeApiKeys.businessId, businessId))
    .orderBy(desc(storeApiKeys.createdAt), desc(storeApiKeys.id));
  return rows.map(toApiKey);
}

export async function createApiKey(
  db: Database,
  input: { businessId: string; name: string; createdBy: string; now: Date },
): Promise<{ key: ApiKey; secret: string }> {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(storeApiKeys)
    .values({
      businessId: input.businessId,
      name: input.name,
      prefix: secret.slice(0, API_KEY_VISIBLE_CHARS),
      keyHash: hashToken(secret),
      createdBy: input.createdBy,
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('API key row was not inserted');
  return { key: toApiKey(row), secret };
}

export async function revokeApiKey(
  db: Database,
  businessId: string,
  keyId: string,
  now: Date,
): Promise<ApiKey> {
  const [existing] = await db
    .select()
    .from(storeApiKeys)
    .where(and(eq(storeApiKeys.id, keyId), eq(storeApiKeys.businessId, businessId)));
  if (!existing) throw new HttpError(404, inventoryMessages.apiKeyNotFound);
  if (existing.revokedAt) return toApiKey(existing);
  const [row] = await db
    .update(storeApiKeys)
    .set({ revokedAt: now })
    .where(eq(storeApiKeys.id, keyId))
    .returning();
  return toApiKey(row ?? existing);
}

/** The live key this secret is, marked as used now; null for an unknown or revoked one. */
export async function useApiKey(
  db: Database,
  secret: string,
  now: Date,
): Promise<{ keyId: string; businessId: string } | null> {
  if (!secret.startsWith(API_KEY_PREFIX)) return null;
  const [row] = await db
    .update(storeApiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(storeApiKeys.keyHash, hashToken(secret)), isNull(storeApiKeys.revokedAt)))
    .returning({ keyId: storeApiKeys.id, businessId: storeApiKeys.businessId });
  return row ?? null;
}
