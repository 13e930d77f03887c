import {
  type BusinessStatus,
  type CreateStoreInput,
  STORE_PLACEHOLDER_IMAGE,
} from '@localmart/contract';
import { eq, like, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { businessMembers } from '../../../db/schema/manage.ts';
import { slugify } from '../../catalog/demo/ids.ts';
import { addressLineOf } from './store-detail.ts';

/** How often a create retries after losing a race for the same slug to another create. */
const SLUG_ATTEMPTS = 3;

/** The first of `base`, `base-2`, `base-3`... that no store uses as its slug or its store code. */
async function freeSlug(db: Database, base: string): Promise<string> {
  const rows = await db
    .select({ slug: businesses.slug, storeCode: businesses.storeCode })
    .from(businesses)
    .where(
      or(
        eq(businesses.slug, base),
        like(businesses.slug, `${base}-%`),
        eq(businesses.storeCode, base),
        like(businesses.storeCode, `${base}-%`),
      ),
    );
  const taken = new Set(rows.flatMap((row) => [row.slug, row.storeCode]));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A unique-index violation (23505), directly or as the `cause` of a driver wrapper. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const found = current as { code?: unknown; constraint?: unknown };
    if (found.code === '23505') {
      return constraint === undefined || found.constraint === constraint;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Onboarding: the store, pending until an admin approves it, with the caller as its owner. One
 * transaction, so a failure leaves neither a store without an owner nor a member of no store. The
 * slug (and the feed store code, the same to begin with) comes from the name, made unique; when a
 * concurrent create takes the same slug between the check and the insert, it tries again.
 */
export async function createStore(
  db: Database,
  input: { userId: string; store: CreateStoreInput; now: Date },
): Promise<{ id: string; status: BusinessStatus }> {
  const { store, now, userId } = input;
  const base = slugify(store.name).slice(0, 100).replace(/-+$/, '') || 'store';
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const slug = await freeSlug(tx, base);
        const [created] = await tx
          .insert(businesses)
          .values({
            kind: store.kind,
            type: store.type,
            slug,
            storeCode: slug,
            name: store.name,
            description: store.description,
            logo: { ...STORE_PLACEHOLDER_IMAGE, alt: `${store.name} logo` },
            cover: { ...STORE_PLACEHOLDER_IMAGE, alt: `${store.name} storefront` },
            address: store.address,
            addressLine: addressLineOf(store.address),
            lat: store.lat,
            lng: store.lng,
            phone: store.phone,
            email: store.email,
            website: store.website,
            currency: store.currency,
            hours: store.hours,
            fulfilment: store.fulfilment,
            pickupReadyMinutes: store.pickupReadyMinutes,
            delivery: store.delivery,
            taxRateBps: store.taxRateBps,
            ownerId: userId,
            status: 'pending',
            submittedAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: businesses.id, status: businesses.status });
        if (!created) throw new Error('no business inserted');
        await tx
          .insert(businessMembers)
          .values({ businessId: created.id, userId, role: 'owner', createdAt: now });
        return created;
      });
    } catch (error) {
      if (attempt >= SLUG_ATTEMPTS || !isUniqueViolation(error)) throw error;
    }
  }
}
