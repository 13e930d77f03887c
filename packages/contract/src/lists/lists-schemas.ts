import { z } from 'zod';
import { catalogIdSchema, imageSchema, moneySchema } from '../catalog/schemas/common.ts';
import { successEnvelopeSchema, envelopeSchema } from '../envelope.ts';
import { safeText } from '../schemas/safe-input.ts';
import { LIST_ITEM_QUANTITY_MAX } from './lists-constants.ts';

/** What a shopper can favourite (issue 17): a store, a product (any store's), a dish. */
export const FAVOURITE_KINDS = ['store', 'product', 'dish'] as const;
export type FavouriteKind = (typeof FAVOURITE_KINDS)[number];
export const favouriteKindSchema = z.enum(FAVOURITE_KINDS, {
  error: 'You can favourite stores, products and dishes.',
});

/** One favourite as the Favourites page shows it: what it is now, and the app path it opens. */
export const favouriteSchema = z.object({
  kind: favouriteKindSchema,
  targetId: catalogIdSchema,
  title: safeText(),
  /** The store's address, a product's brand, a dish's restaurant. */
  subtitle: safeText(),
  image: imageSchema.nullable(),
  /** A product's lowest in-stock price now, a dish's price; null for stores. */
  price: moneySchema.nullable(),
  /** The app path it opens. */
  link: safeText(),
  createdAt: z.string(),
});
export type Favourite = z.infer<typeof favouriteSchema>;

export const favouriteListSchema = z.object({
  stores: z.array(favouriteSchema),
  products: z.array(favouriteSchema),
  dishes: z.array(favouriteSchema),
});
export type FavouriteList = z.infer<typeof favouriteListSchema>;

/** The hearts' source: favourite ids by kind. */
export const favouriteIdsSchema = z.object({
  store: z.array(z.string()),
  product: z.array(z.string()),
  dish: z.array(z.string()),
});
export type FavouriteIds = z.infer<typeof favouriteIdsSchema>;

export const favouriteParams = z.object({ kind: z.string(), targetId: z.string() }).strict();

/** Where a list item is in stock now: one store's offer (or a restaurant's dish). */
export const listAvailabilitySchema = z.object({
  businessId: catalogIdSchema,
  storeName: safeText(),
  price: moneySchema,
  /** From the shopper's location; null without one. */
  distanceKm: z.number().nullable(),
  /** The app path that buys it there (the product page, the restaurant's menu). */
  link: safeText(),
});
export type ListAvailability = z.infer<typeof listAvailabilitySchema>;

export const LIST_ITEM_SOURCES = ['product', 'dish', 'flyer'] as const;
export type ListItemSource = (typeof LIST_ITEM_SOURCES)[number];

/** The flyer deal a clipped item came with. */
export const clippedDealSchema = z.object({
  flyerId: catalogIdSchema,
  flyerItemId: catalogIdSchema,
  storeName: safeText(),
  priceText: safeText(),
  saleStory: safeText().nullable(),
  /** The store's last calendar day of the deal (YYYY-MM-DD). */
  validTo: z.string(),
  /** False once the deal's last day has passed. */
  current: z.boolean(),
});
export type ClippedDeal = z.infer<typeof clippedDealSchema>;

export const listItemSchema = z.object({
  id: catalogIdSchema,
  source: z.enum(LIST_ITEM_SOURCES),
  title: safeText(),
  image: imageSchema.nullable(),
  quantity: z.number().int(),
  checked: z.boolean(),
  productId: catalogIdSchema.nullable(),
  menuItemId: catalogIdSchema.nullable(),
  deal: clippedDealSchema.nullable(),
  /** Nearest store that has it in stock now (within LIST_SEARCH_RADIUS_KM with a location). */
  nearest: listAvailabilitySchema.nullable(),
  /** Cheapest store that has it in stock now (same stores). */
  cheapest: listAvailabilitySchema.nullable(),
  /** The app path of the item itself (product page, dish, flyer). */
  link: safeText(),
  createdAt: z.string(),
});
export type ListItem = z.infer<typeof listItemSchema>;

export const shoppingListSchema = z.object({ items: z.array(listItemSchema) });
export type ShoppingList = z.infer<typeof shoppingListSchema>;

const quantitySchema = z
  .number({ error: `Ask for between 1 and ${LIST_ITEM_QUANTITY_MAX}.` })
  .int({ error: `Ask for between 1 and ${LIST_ITEM_QUANTITY_MAX}.` })
  .min(1, { error: `Ask for between 1 and ${LIST_ITEM_QUANTITY_MAX}.` })
  .max(LIST_ITEM_QUANTITY_MAX, { error: `Ask for between 1 and ${LIST_ITEM_QUANTITY_MAX}.` });

/** POST list/items: exactly one of productId, menuItemId, flyerItemId (the server says so in words). */
export const addListItemRequest = z
  .object({
    productId: catalogIdSchema.optional(),
    menuItemId: catalogIdSchema.optional(),
    flyerItemId: catalogIdSchema.optional(),
    quantity: quantitySchema.optional(),
  })
  .strict();
export type AddListItemRequest = z.infer<typeof addListItemRequest>;

export const updateListItemRequest = z
  .object({ checked: z.boolean().optional(), quantity: quantitySchema.optional() })
  .strict();
export type UpdateListItemRequest = z.infer<typeof updateListItemRequest>;

export const dealAlertSettingsSchema = z.object({ weeklyDigest: z.boolean() }).strict();
export type DealAlertSettings = z.infer<typeof dealAlertSettingsSchema>;

export const favouriteListResponse = envelopeSchema(
  successEnvelopeSchema({ result: favouriteListSchema }),
);
export const favouriteIdsResponse = envelopeSchema(
  successEnvelopeSchema({ result: favouriteIdsSchema }),
);
export const shoppingListResponse = envelopeSchema(
  successEnvelopeSchema({ result: shoppingListSchema }),
);
export const listItemResponse = envelopeSchema(successEnvelopeSchema({ result: listItemSchema }));
export const dealAlertSettingsResponse = envelopeSchema(
  successEnvelopeSchema({ result: dealAlertSettingsSchema }),
);
