import {
  brandMessages,
  type PendingProductContent,
  idParam,
  ok,
  storeProductMessages,
  storeProductPaths,
} from '@localmart/contract';
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { businesses, products } from '../../../db/schema/index.ts';
import { HttpError } from '../../../plugins/errors.ts';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { prefixOwnerOf } from '../../brands/brands.service.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import type { ManageRouteOptions } from '../manage.routes.ts';

/** How many waiting items the admin list shows at once (oldest first). */
const PENDING_LIMIT = 200;

/**
 * Store-written content for a barcode, waiting to become the shared catalogue's (ADR 0020). Own
 * products without a barcode are not listed: they belong to their store and are never shared.
 */
export async function listPendingProductContent(db: Database): Promise<PendingProductContent[]> {
  const rows = await db
    .select({
      productId: products.id,
      title: products.title,
      brand: products.brand,
      gtin: products.gtin,
      description: products.description,
      images: products.images,
      storeId: businesses.id,
      storeName: businesses.name,
      storeStatus: businesses.status,
      createdAt: products.createdAt,
    })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.ownerBusinessId))
    .where(and(eq(products.contentStatus, 'store'), isNotNull(products.gtin)))
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(PENDING_LIMIT);
  return rows.map(({ storeStatus, gtin, createdAt, ...row }) => ({
    ...row,
    gtin: gtin!,
    storeApproved: storeStatus === 'published',
    createdAt: createdAt.toISOString(),
  }));
}

/**
 * The admin confirms a store's content for its barcode: every store may then find, import and show
 * it. Refused for an own product (no barcode), for a store not approved (its content is never
 * shared), and when the barcode already has shared content. One transaction, so two confirmations
 * of one barcode at once cannot both pass: the row lock on the product and the re-check inside.
 */
export async function confirmProductContent(
  db: Database,
  productId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({
        gtin: products.gtin,
        contentStatus: products.contentStatus,
        storeStatus: businesses.status,
      })
      .from(products)
      .leftJoin(businesses, eq(businesses.id, products.ownerBusinessId))
      .where(eq(products.id, productId))
      .for('update', { of: products });
    if (!product) throw new HttpError(404, storeProductMessages.contentNotFound);
    if (product.contentStatus === 'confirmed') {
      throw new HttpError(409, storeProductMessages.alreadyConfirmed);
    }
    if (product.gtin === null) throw new HttpError(400, storeProductMessages.confirmNeedsBarcode);
    // A barcode of an approved brand partner's prefix gets its content from the brand (ADR 0022).
    const brandOwner = await prefixOwnerOf(tx, product.gtin);
    if (brandOwner) throw new HttpError(409, brandMessages.adminClaimedGtin(brandOwner));
    if (product.storeStatus !== 'published') {
      throw new HttpError(409, storeProductMessages.confirmStoreNotApproved);
    }
    const [shared] = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.gtin, product.gtin),
          eq(products.contentStatus, 'confirmed'),
          ne(products.id, productId),
        ),
      )
      .limit(1);
    if (shared) throw new HttpError(409, storeProductMessages.confirmBarcodeTaken);
    await tx
      .update(products)
      .set({ contentStatus: 'confirmed', updatedAt: now })
      .where(eq(products.id, productId));
  });
}

const productParams = z.object({ productId: idParam });

/** Platform admin: the queue of store-written barcode content, and its confirmation. */
export const adminProductContentRoutes: ZodRoutes<ManageRouteOptions> = async (app) => {
  app.get(storeProductPaths.adminPending, async () =>
    ok({ results: await listPendingProductContent(app.db) }),
  );

  app.post(
    routePattern(storeProductPaths.adminConfirm(':productId')),
    { schema: { params: productParams } },
    async (request) => {
      await confirmProductContent(app.db, request.params.productId, app.now());
      return ok({ message: storeProductMessages.confirmed });
    },
  );
};
