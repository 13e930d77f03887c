import {
  type AdminBrandPartner,
  type BrandApplication,
  type BrandContent,
  type BrandGtin,
  brandMessages,
  type BrandPartner,
  type BrandProduct,
  type ImageRef,
  offersMessages,
  PRODUCT_ATTRIBUTES_MAX,
  storeProductMessages,
} from '@localmart/contract';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  brandPartnerMembers,
  brandPartners,
  categories,
  flyerItems,
  offers,
  products,
  users,
} from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';
import { learnSearchWords } from '../catalog/search/search-terms.ts';
import { checkedUploadedImages } from '../media/uploaded-images.ts';
import { brandClaims, overlappingClaim, prefixClaims } from './brand-claims.ts';

/**
 * Brand partners (issue 16, ADR 0022): applying, the admin's answer, and the content a partner
 * writes for its GTINs, which becomes the shared (confirmed) content every store selling the GTIN
 * shows. Every write checks, inside its transaction, that the partner is approved and that the
 * GTIN is one of its own.
 */

type PartnerRow = typeof brandPartners.$inferSelect;

function toBrandPartner(row: PartnerRow): BrandPartner {
  return {
    id: row.id,
    name: row.name,
    brands: row.brands,
    gtinPrefixes: row.gtinPrefixes,
    note: row.note,
    status: row.status,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** Same brand typed twice ("Acme", "ACME ") counts once; prefixes likewise. */
function unique(values: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const value of values) {
    const key = value.trim().toLowerCase();
    if (key && !seen.has(key)) seen.set(key, value.trim());
  }
  return [...seen.values()];
}

/** A verified user applies; they become the owner of the new, pending organisation. */
export async function applyForBrandPartner(
  db: Database,
  userId: string,
  application: BrandApplication,
  now: Date,
): Promise<BrandPartner> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(brandPartners)
      .values({
        name: application.name,
        brands: unique(application.brands),
        gtinPrefixes: unique(application.gtinPrefixes),
        note: application.note,
        appliedBy: userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(brandPartnerMembers)
      .values({ brandPartnerId: row!.id, userId, role: 'owner', createdAt: now });
    return toBrandPartner(row!);
  });
}

export async function myBrandPartners(db: Database, userId: string): Promise<BrandPartner[]> {
  const rows = await db
    .select({ partner: brandPartners })
    .from(brandPartners)
    .innerJoin(brandPartnerMembers, eq(brandPartnerMembers.brandPartnerId, brandPartners.id))
    .where(eq(brandPartnerMembers.userId, userId))
    .orderBy(asc(brandPartners.createdAt));
  return rows.map(({ partner }) => toBrandPartner(partner));
}

/** undefined: no such partner; null: it exists but `userId` is not a member. */
export async function memberBrandPartner(
  db: Database,
  userId: string,
  brandPartnerId: string,
): Promise<BrandPartner | null | undefined> {
  const [row] = await db
    .select({ partner: brandPartners, member: brandPartnerMembers.userId })
    .from(brandPartners)
    .leftJoin(
      brandPartnerMembers,
      and(
        eq(brandPartnerMembers.brandPartnerId, brandPartners.id),
        eq(brandPartnerMembers.userId, userId),
      ),
    )
    .where(eq(brandPartners.id, brandPartnerId));
  if (!row) return undefined;
  return row.member ? toBrandPartner(row.partner) : null;
}

/** Until an admin approved it, an organisation edits nothing (and a rejected one never). */
function assertMayEdit(partner: Pick<PartnerRow, 'status'>): void {
  if (partner.status === 'pending') throw new HttpError(403, brandMessages.notApproved);
  if (partner.status === 'rejected') throw new HttpError(403, brandMessages.rejectedNoEdit);
}

const gtin14 = (gtin: string) => gtin.padStart(14, '0');
const sameGtin = (gtin: string) => sql`lpad(${products.gtin}, 14, '0') = ${gtin14(gtin)}`;

/**
 * SQL: the shared products of a partner: those it wrote, and confirmed content nobody else's brand
 * owns whose GTIN starts with one of its prefixes or whose brand is one of its brands.
 */
function ownedProductsSql(partner: BrandPartner) {
  const prefixes = JSON.stringify(partner.gtinPrefixes);
  const brands = JSON.stringify(partner.brands.map((brand) => brand.toLowerCase()));
  return sql`(${products.brandPartnerId} = ${partner.id} or (
    ${products.brandPartnerId} is null and ${products.contentStatus} = 'confirmed'
    and ${products.gtin} is not null and (
      exists (select 1 from json_array_elements_text(${prefixes}::json) as pre(value)
        where ${products.gtin} like pre.value || '%' or lpad(${products.gtin}, 13, '0') like pre.value || '%')
      or lower(${products.brand}) in (select value from json_array_elements_text(${brands}::json)))))`;
}

const storeCount = sql<number>`(select count(*)::int from ${offers} where ${offers.productId} = ${products.id})`;

export async function listBrandProducts(
  db: Database,
  partner: BrandPartner,
  query: string,
): Promise<BrandProduct[]> {
  const words = query.trim();
  const match = words
    ? sql`(${products.title} ilike ${`%${words}%`} or ${products.gtin} like ${`%${words.replace(/\D/g, '') || words}%`})`
    : sql`true`;
  const rows = await db
    .select({
      productId: products.id,
      gtin: products.gtin,
      title: products.title,
      brand: products.brand,
      images: products.images,
      categoryName: categories.name,
      brandPartnerId: products.brandPartnerId,
      storeCount,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(ownedProductsSql(partner), match))
    .orderBy(asc(products.title), asc(products.gtin))
    .limit(200);
  return rows.map((row) => ({
    productId: row.productId,
    gtin: row.gtin!,
    title: row.title,
    brand: row.brand,
    image: row.images[0] ?? null,
    categoryName: row.categoryName,
    brandContent: row.brandPartnerId === partner.id,
    storeCount: row.storeCount,
  }));
}

/** The shared product of a GTIN: brand content first, else the oldest confirmed. */
async function sharedProductOf(db: Database, gtin: string, lock: boolean) {
  const query = db
    .select({
      id: products.id,
      title: products.title,
      brand: products.brand,
      description: products.description,
      categoryId: products.categoryId,
      images: products.images,
      attributes: products.attributes,
      brandPartnerId: products.brandPartnerId,
    })
    .from(products)
    .where(and(sameGtin(gtin), eq(products.contentStatus, 'confirmed')))
    .orderBy(sql`${products.brandPartnerId} is not null desc`, asc(products.createdAt))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

type SharedProduct = NonNullable<Awaited<ReturnType<typeof sharedProductOf>>>;

/** 403 in words unless this GTIN is the partner's (its prefix, its brand, or its content). */
function assertOwnsGtin(
  partner: Pick<BrandPartner, 'id' | 'brands' | 'gtinPrefixes'>,
  gtin: string,
  shared: SharedProduct | undefined,
): void {
  if (shared?.brandPartnerId && shared.brandPartnerId !== partner.id) {
    throw new HttpError(403, brandMessages.gtinNotYours);
  }
  const mine =
    shared?.brandPartnerId === partner.id ||
    prefixClaims(partner, gtin) ||
    brandClaims(partner, shared?.brand);
  if (!mine) throw new HttpError(403, brandMessages.gtinNotYours);
}

export async function brandGtin(
  db: Database,
  partner: BrandPartner,
  gtin: string,
): Promise<BrandGtin> {
  const shared = await sharedProductOf(db, gtin, false);
  assertOwnsGtin(partner, gtin, shared);
  const [count] = shared
    ? await db
        .select({ n: sql<number>`count(*)::int` })
        .from(offers)
        .where(eq(offers.productId, shared.id))
    : [{ n: 0 }];
  return {
    gtin,
    product: shared
      ? {
          ...shared,
          brandContent: shared.brandPartnerId === partner.id,
        }
      : null,
    storeCount: count?.n ?? 0,
  };
}

/**
 * The photos brand content may show: ones already on the product, or images a member of this
 * partner uploaded to our media store, sized from the stored bytes. A picture on another site is
 * refused in words.
 */
function checkedBrandImages(
  db: Database,
  brandPartnerId: string,
  images: readonly ImageRef[],
  alreadyOnProduct: readonly ImageRef[],
): Promise<ImageRef[]> {
  return checkedUploadedImages(db, images, alreadyOnProduct, {
    uploaderIds: db
      .select({ id: brandPartnerMembers.userId })
      .from(brandPartnerMembers)
      .where(eq(brandPartnerMembers.brandPartnerId, brandPartnerId)),
    fromElsewhere: brandMessages.imageFromElsewhere,
  });
}

async function assertRetailCategory(db: Database, categoryId: string): Promise<void> {
  const [category] = await db
    .select({ kind: categories.kind })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (category?.kind !== 'retail') throw new HttpError(400, offersMessages.categoryNotRetail);
}

async function uniqueSlug(db: Database, brand: string, title: string, gtin: string) {
  const words = `${brand} ${title}`
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90)
    .replace(/-+$/g, '');
  const slug = words ? `${words}-${gtin}` : gtin;
  const [taken] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, slug));
  return taken ? `${slug}-${randomUUID().slice(0, 8)}` : slug;
}

/** Locks the partner's row and checks it may write (approved). */
async function lockedPartner(db: Database, brandPartnerId: string): Promise<PartnerRow> {
  const [partner] = await db
    .select()
    .from(brandPartners)
    .where(eq(brandPartners.id, brandPartnerId))
    .for('share');
  if (!partner) throw new HttpError(404, brandMessages.notFound);
  assertMayEdit(partner);
  return partner;
}

/**
 * Writes a partner's content for a GTIN inside `tx`: the shared product gets it (created when the
 * catalogue has none) and is marked as this partner's, so no store may change it. Offers of
 * store-written copies of the same GTIN move onto it, so every store's listing shows the brand's
 * content; a store that already offers the shared product keeps its own copy's offer untouched
 * (ADR 0022). Returns whether the product was created.
 */
async function writeBrandContent(
  tx: Database,
  partner: PartnerRow,
  gtin: string,
  content: BrandContent,
  now: Date,
): Promise<{ productId: string; created: boolean }> {
  const shared = await sharedProductOf(tx, gtin, true);
  assertOwnsGtin(partner, gtin, shared);
  if (content.attributes.length > PRODUCT_ATTRIBUTES_MAX) {
    throw new HttpError(400, storeProductMessages.tooManyAttributes);
  }
  await assertRetailCategory(tx, content.categoryId);
  const images = await checkedBrandImages(tx, partner.id, content.images, shared?.images ?? []);
  const brand = content.brand || shared?.brand || partner.brands[0] || partner.name;
  const values = {
    title: content.title,
    brand,
    description: content.description,
    categoryId: content.categoryId,
    images,
    attributes: content.attributes,
    brandPartnerId: partner.id,
    updatedAt: now,
  };
  let productId: string;
  if (shared) {
    await tx.update(products).set(values).where(eq(products.id, shared.id));
    productId = shared.id;
  } else {
    const [created] = await tx
      .insert(products)
      .values({
        ...values,
        slug: await uniqueSlug(tx, brand, content.title, gtin),
        gtin,
        contentStatus: 'confirmed',
        ownerBusinessId: null,
        createdAt: now,
      })
      .returning({ id: products.id });
    productId = created!.id;
  }
  const copies = tx
    .select({ id: products.id })
    .from(products)
    .where(and(sameGtin(gtin), eq(products.contentStatus, 'store')));
  await tx
    .update(offers)
    .set({ productId })
    .where(
      and(
        inArray(offers.productId, copies),
        sql`not exists (select 1 from ${offers} as mine
          where mine.business_id = ${offers.businessId} and mine.product_id = ${productId})`,
      ),
    );
  await tx.update(flyerItems).set({ productId }).where(inArray(flyerItems.productId, copies));
  await learnSearchWords(tx, `${content.title} ${brand}`);
  return { productId, created: !shared };
}

export async function saveBrandContent(
  db: Database,
  brandPartnerId: string,
  gtin: string,
  content: BrandContent,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const partner = await lockedPartner(tx, brandPartnerId);
    await writeBrandContent(tx, partner, gtin, content, now);
  });
}

export { assertMayEdit, lockedPartner, writeBrandContent, sharedProductOf, assertOwnsGtin };

// ---- Platform admin ----

export async function listBrandPartnersForAdmin(db: Database): Promise<AdminBrandPartner[]> {
  const rows = await db
    .select({ partner: brandPartners, email: users.email, name: users.displayName })
    .from(brandPartners)
    .leftJoin(users, eq(users.id, brandPartners.appliedBy))
    .orderBy(sql`${brandPartners.status} = 'pending' desc`, desc(brandPartners.createdAt))
    .limit(200);
  return rows.map(({ partner, email, name }) => ({
    ...toBrandPartner(partner),
    applicantEmail: email ?? '',
    applicantName: name ?? '',
  }));
}

/**
 * Approves a pending application. Two approved partners never claim the same prefix (or one inside
 * another) or brand: the approval is refused naming the claim. The row is locked, so two admins
 * answering at once cannot both pass.
 */
export async function approveBrandPartner(
  db: Database,
  brandPartnerId: string,
  adminId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Approvals take turns: two overlapping applications approved at once cannot both pass.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('brand-partner-approval'))`);
    const [partner] = await tx
      .select()
      .from(brandPartners)
      .where(eq(brandPartners.id, brandPartnerId))
      .for('update');
    if (!partner) throw new HttpError(404, brandMessages.notFound);
    if (partner.status !== 'pending') throw new HttpError(409, brandMessages.alreadyReviewed);
    const approved = await tx
      .select()
      .from(brandPartners)
      .where(and(eq(brandPartners.status, 'approved'), ne(brandPartners.id, brandPartnerId)));
    for (const other of approved) {
      const claim = overlappingClaim(partner, other);
      if (claim) throw new HttpError(409, brandMessages.claimTaken(claim, other.name));
    }
    await tx
      .update(brandPartners)
      .set({ status: 'approved', reviewedBy: adminId, reviewedAt: now, updatedAt: now })
      .where(eq(brandPartners.id, brandPartnerId));
  });
}

export async function rejectBrandPartner(
  db: Database,
  brandPartnerId: string,
  adminId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [partner] = await tx
      .select({ status: brandPartners.status })
      .from(brandPartners)
      .where(eq(brandPartners.id, brandPartnerId))
      .for('update');
    if (!partner) throw new HttpError(404, brandMessages.notFound);
    if (partner.status !== 'pending') throw new HttpError(409, brandMessages.alreadyReviewed);
    await tx
      .update(brandPartners)
      .set({
        status: 'rejected',
        rejectionReason: reason,
        reviewedBy: adminId,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(eq(brandPartners.id, brandPartnerId));
  });
}

/**
 * The approved partner whose GS1 prefix covers this GTIN, if any: its content comes from the brand,
 * so an admin does not confirm a store's text for it (admin product content).
 */
export async function prefixOwnerOf(db: Database, gtin: string): Promise<string | null> {
  const approved = await db
    .select({ name: brandPartners.name, gtinPrefixes: brandPartners.gtinPrefixes })
    .from(brandPartners)
    .where(eq(brandPartners.status, 'approved'));
  const owner = approved.find((partner) => prefixClaims({ ...partner, brands: [] }, gtin));
  return owner?.name ?? null;
}

/** The name of the partner whose content a product is, for a store's refusal. */
export async function brandNameOfProduct(db: Database, productId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: brandPartners.name })
    .from(products)
    .innerJoin(brandPartners, eq(brandPartners.id, products.brandPartnerId))
    .where(eq(products.id, productId));
  return row?.name ?? null;
}
