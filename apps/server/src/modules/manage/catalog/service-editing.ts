import {
  catalogEditMessages,
  type ManagedService,
  type serviceCreateRequest,
  type servicePatchRequest,
} from '@localmart/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { businesses, categories, services } from '../../../db/schema/index.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { learnSearchWords } from '../../catalog/search/search-terms.ts';

/** A store's services as its members edit them; slugs are unique within the store. */

const managedColumns = {
  id: services.id,
  slug: services.slug,
  name: services.name,
  description: services.description,
  priceAmount: services.priceAmount,
  currency: services.currency,
  priceType: services.priceType,
  durationMinutes: services.durationMinutes,
  category: { id: categories.id, slug: categories.slug, name: categories.name },
  images: services.images,
} as const;

function selectManaged(db: Database) {
  return db
    .select(managedColumns)
    .from(services)
    .innerJoin(categories, eq(categories.id, services.categoryId));
}

export async function listManagedServices(
  db: Database,
  businessId: string,
): Promise<ManagedService[]> {
  return selectManaged(db)
    .where(eq(services.businessId, businessId))
    .orderBy(asc(services.name), asc(services.id));
}

async function findManagedService(db: Database, businessId: string, serviceId: string) {
  const [row] = await selectManaged(db).where(
    and(eq(services.id, serviceId), eq(services.businessId, businessId)),
  );
  return row;
}

/** 'Deep Tissue Massage (60 min)' -> 'deep-tissue-massage-60-min'. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug || 'service';
}

async function slugTaken(db: Database, businessId: string, slug: string, exceptId?: string) {
  const [row] = await db
    .select({ id: services.id })
    .from(services)
    .where(
      and(
        eq(services.businessId, businessId),
        eq(services.slug, slug),
        exceptId ? ne(services.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

/** The name's slug, or with -2, -3 ... appended until no other service of the store has it. */
async function freeSlugFor(db: Database, businessId: string, name: string): Promise<string> {
  const base = slugOf(name);
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(db, businessId, candidate))) return candidate;
  }
}

async function checkServiceCategory(db: Database, categoryId: string) {
  const [row] = await db
    .select({ kind: categories.kind })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (row?.kind !== 'service') throw new HttpError(400, catalogEditMessages.notAServiceCategory);
}

export async function createService(
  db: Database,
  businessId: string,
  body: z.output<typeof serviceCreateRequest>,
): Promise<ManagedService> {
  const serviceId = await db.transaction(async (tx) => {
    await checkServiceCategory(tx, body.categoryId);
    if (body.slug !== undefined && (await slugTaken(tx, businessId, body.slug))) {
      throw new HttpError(409, catalogEditMessages.slugTaken);
    }
    const slug = body.slug ?? (await freeSlugFor(tx, businessId, body.name));
    const [business] = await tx
      .select({ currency: businesses.currency })
      .from(businesses)
      .where(eq(businesses.id, businessId));
    const [row] = await tx
      .insert(services)
      .values({
        businessId,
        slug,
        name: body.name,
        description: body.description,
        priceAmount: body.priceAmount,
        currency: business!.currency,
        priceType: body.priceType,
        durationMinutes: body.durationMinutes,
        categoryId: body.categoryId,
        images: body.images,
      })
      .returning({ id: services.id });
    await learnSearchWords(tx, body.name);
    return row!.id;
  });
  return (await findManagedService(db, businessId, serviceId))!;
}

export async function updateService(
  db: Database,
  businessId: string,
  serviceId: string,
  body: z.output<typeof servicePatchRequest>,
): Promise<ManagedService | undefined> {
  const found = await db.transaction(async (tx) => {
    const mine = and(eq(services.id, serviceId), eq(services.businessId, businessId));
    const [current] = await tx.select({ name: services.name }).from(services).where(mine);
    if (!current) return false;
    if (body.categoryId !== undefined) await checkServiceCategory(tx, body.categoryId);
    if (body.slug !== undefined && (await slugTaken(tx, businessId, body.slug, serviceId))) {
      throw new HttpError(409, catalogEditMessages.slugTaken);
    }
    await tx.update(services).set(body).where(mine);
    if (body.name !== undefined && body.name !== current.name) {
      await learnSearchWords(tx, body.name);
    }
    return true;
  });
  return found ? findManagedService(db, businessId, serviceId) : undefined;
}

/** Order lines that booked the service keep their copy (order_items.service_id is set null). */
export async function deleteService(db: Database, businessId: string, serviceId: string) {
  const deleted = await db
    .delete(services)
    .where(and(eq(services.id, serviceId), eq(services.businessId, businessId)))
    .returning({ id: services.id });
  return deleted.length > 0;
}
