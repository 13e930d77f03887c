import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import { SERVICE_PRICE_TYPES } from '../catalog/catalog-labels.ts';
import { galleryItemSchema, teamMemberSchema } from '../catalog/schemas/business.ts';
import {
  catalogIdSchema,
  categoryRefSchema,
  currencyCodeSchema,
  imageSchema,
  isoDateTimeSchema,
  storedMinorUnitsSchema,
  slugSchema,
} from '../catalog/schemas/common.ts';
import {
  dietaryTagSchema,
  menuItemSchema,
  menuSchema,
  menuSectionSchema,
  withChoiceRules,
} from '../catalog/schemas/food.ts';
import { INT4_MAX, inputMessages, int4, safeText } from '../schemas/safe-input.ts';

/**
 * Catalogue editing on Manage Your Store: menus (sections, dishes with option groups), services,
 * gallery, team, and the contact messages shoppers sent. What is saved here is what the shopper app
 * reads through the public catalogue (food.ts, service.ts, business.ts): option groups are stored in
 * the shopper's MenuItemOptionGroup shape, prices in the store's currency.
 *
 * Requests are strict (an unknown field is a 400, so a typo never silently does nothing) and every
 * PATCH must change something. Reordering is a PATCH of `position`: the record moves to that index
 * of its list (0 = first; past the end = last) and the others close up.
 */

export const catalogEditMessages = {
  nothingToChange: 'Send at least one field to change.',
  notFound: 'Not found in this store.',
  menuCreated: 'Menu added',
  menuSaved: 'Menu saved',
  menuDeleted: 'Menu deleted',
  sectionCreated: 'Section added',
  sectionSaved: 'Section saved',
  sectionDeleted: 'Section deleted',
  itemCreated: 'Item added',
  itemSaved: 'Item saved',
  itemDeleted: 'Item deleted',
  serviceCreated: 'Service added',
  serviceSaved: 'Service saved',
  serviceDeleted: 'Service deleted',
  slugTaken: 'Another service of this store already uses that slug.',
  notAServiceCategory: 'Choose a service category.',
  galleryAdded: 'Photo added',
  gallerySaved: 'Photo saved',
  galleryDeleted: 'Photo deleted',
  teamAdded: 'Team member added',
  teamSaved: 'Team member saved',
  teamDeleted: 'Team member removed',
  priceNegative: 'A price cannot be negative. Enter 0 or more.',
  optionPriceNegative: 'An option cannot lower the price. Enter 0 or more.',
} as const;

/** Limits that keep one record readable on a phone and a request small. */
export const CATALOG_EDIT_LIMITS = {
  nameMax: 120,
  descriptionMax: 2000,
  captionMax: 300,
  optionGroupsMax: 20,
  optionsPerGroupMax: 50,
  sectionsPerMenuCreateMax: 50,
  serviceImagesMax: 10,
  durationMinutesMax: 24 * 60,
  /** Contact messages per page. */
  messagesPageSize: 50,
} as const;

const name = safeText()
  .trim()
  .min(1, { error: 'name is required' })
  .max(CATALOG_EDIT_LIMITS.nameMax, {
    error: `name must be at most ${CATALOG_EDIT_LIMITS.nameMax} characters`,
  });
const description = safeText()
  .trim()
  .max(CATALOG_EDIT_LIMITS.descriptionMax, {
    error: `description must be at most ${CATALOG_EDIT_LIMITS.descriptionMax} characters`,
  });
const priceAmount = storedMinorUnitsSchema.min(0, { error: catalogEditMessages.priceNegative });
/** Target index of a move (see the file comment). */
export const positionSchema = z
  .number()
  .int({ error: 'position must be a whole number' })
  .nonnegative({ error: 'position must not be negative' })
  .max(INT4_MAX, { error: inputMessages.tooLarge('the position', INT4_MAX) });

/** A PATCH body must carry at least one field. */
function somethingToChange<T extends z.ZodObject>(schema: T) {
  return schema.refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: catalogEditMessages.nothingToChange,
  });
}

// ---------------------------------------------------------------------------------------------
// Menus

/**
 * One option as the editor sends it: a new option has no id yet (the server gives it one); an
 * existing option keeps its id so a diner's saved choice still points at it.
 */
export const menuOptionEditSchema = z.strictObject({
  id: catalogIdSchema.optional(),
  name,
  /**
   * Added to the item price when chosen, minor units; 0 for included choices. Never negative: an
   * option only adds, so no choice can take a dish (or a checkout) below zero.
   */
  priceDeltaAmount: storedMinorUnitsSchema.min(0, {
    error: catalogEditMessages.optionPriceNegative,
  }),
});
export type MenuOptionEdit = z.infer<typeof menuOptionEditSchema>;

/** An option group as edited; the rules are the shopper schema's (withChoiceRules). */
export const menuOptionGroupEditSchema = withChoiceRules(
  z.strictObject({
    id: catalogIdSchema.optional(),
    name,
    /** 0 makes the group optional; 1 or more makes it required. */
    minChoices: int4('the least number of choices').nonnegative({
      error: 'minChoices must not be negative',
    }),
    maxChoices: int4('the most number of choices').positive({
      error: 'maxChoices must be at least 1',
    }),
    options: z
      .array(menuOptionEditSchema)
      .min(1, { error: 'a group needs at least one option' })
      .max(CATALOG_EDIT_LIMITS.optionsPerGroupMax),
  }),
);
export type MenuOptionGroupEdit = z.infer<typeof menuOptionGroupEditSchema>;

const optionGroupsEdit = z
  .array(menuOptionGroupEditSchema)
  .max(CATALOG_EDIT_LIMITS.optionGroupsMax);
const dietaryTagsEdit = z
  .array(dietaryTagSchema)
  .refine((tags) => new Set(tags).size === tags.length, { error: 'dietary tags must not repeat' });

export const menuItemCreateRequest = z.strictObject({
  name,
  description: description.default(''),
  priceAmount,
  dietaryTags: dietaryTagsEdit.default([]),
  optionGroups: optionGroupsEdit.default([]),
  available: z.boolean().default(true),
  image: imageSchema.nullable().default(null),
});
export type MenuItemCreateRequest = z.input<typeof menuItemCreateRequest>;

export const menuItemPatchRequest = somethingToChange(
  z.strictObject({
    name: name.optional(),
    description: description.optional(),
    priceAmount: priceAmount.optional(),
    dietaryTags: dietaryTagsEdit.optional(),
    optionGroups: optionGroupsEdit.optional(),
    available: z.boolean().optional(),
    image: imageSchema.nullable().optional(),
    /** Move within its section. */
    position: positionSchema.optional(),
  }),
);
export type MenuItemPatchRequest = z.input<typeof menuItemPatchRequest>;

export const menuSectionCreateRequest = z.strictObject({
  name,
  description: description.nullable().default(null),
});
export type MenuSectionCreateRequest = z.input<typeof menuSectionCreateRequest>;

export const menuSectionPatchRequest = somethingToChange(
  z.strictObject({
    name: name.optional(),
    description: description.nullable().optional(),
    position: positionSchema.optional(),
  }),
);
export type MenuSectionPatchRequest = z.input<typeof menuSectionPatchRequest>;

/** A new menu, optionally with its (empty) sections, saved in one transaction. */
export const menuCreateRequest = z.strictObject({
  name,
  description: description.nullable().default(null),
  sections: z
    .array(menuSectionCreateRequest)
    .max(CATALOG_EDIT_LIMITS.sectionsPerMenuCreateMax)
    .default([]),
});
export type MenuCreateRequest = z.input<typeof menuCreateRequest>;

export const menuPatchRequest = somethingToChange(
  z.strictObject({
    name: name.optional(),
    description: description.nullable().optional(),
    position: positionSchema.optional(),
  }),
);
export type MenuPatchRequest = z.input<typeof menuPatchRequest>;

/** A dish as its store edits it: the shopper's dish with its section and its price split up. */
export const managedMenuItemSchema = menuItemSchema.omit({ price: true }).extend({
  sectionId: catalogIdSchema,
  priceAmount: z.number().int(),
  currency: currencyCodeSchema,
});
export type ManagedMenuItem = z.infer<typeof managedMenuItemSchema>;

export const managedMenuSectionSchema = menuSectionSchema.extend({
  menuId: catalogIdSchema,
  items: z.array(managedMenuItemSchema),
});
export type ManagedMenuSection = z.infer<typeof managedMenuSectionSchema>;

/** The shopper's menu without its store (the store is the one being managed). */
export const managedMenuSchema = menuSchema.omit({ business: true }).extend({
  sections: z.array(managedMenuSectionSchema),
});
export type ManagedMenu = z.infer<typeof managedMenuSchema>;

/** GET menus: every menu with its sections and dishes, all in position order. */
export const managedMenusResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(managedMenuSchema) }),
);
export const managedMenuResponse = envelopeSchema(
  successEnvelopeSchema({ result: managedMenuSchema }),
);
export const managedMenuSectionResponse = envelopeSchema(
  successEnvelopeSchema({ result: managedMenuSectionSchema }),
);
export const managedMenuItemResponse = envelopeSchema(
  successEnvelopeSchema({ result: managedMenuItemSchema }),
);

// ---------------------------------------------------------------------------------------------
// Services

const servicePriceType = z.enum(SERVICE_PRICE_TYPES, {
  error: `priceType must be one of ${SERVICE_PRICE_TYPES.join(', ')}`,
});
const durationMinutes = z
  .number()
  .int({ error: 'duration must be whole minutes' })
  .positive({ error: 'duration must be at least 1 minute' })
  .max(CATALOG_EDIT_LIMITS.durationMinutesMax, { error: 'duration must be at most 24 hours' });
const serviceImages = z.array(imageSchema).max(CATALOG_EDIT_LIMITS.serviceImagesMax);

export const serviceCreateRequest = z.strictObject({
  name,
  /** Made from the name when absent; unique within the store. */
  slug: slugSchema.optional(),
  description: description.default(''),
  priceAmount,
  priceType: servicePriceType,
  durationMinutes,
  /** A category of kind 'service' (GET categories?kind=service). */
  categoryId: catalogIdSchema,
  images: serviceImages.default([]),
});
export type ServiceCreateRequest = z.input<typeof serviceCreateRequest>;

export const servicePatchRequest = somethingToChange(
  z.strictObject({
    name: name.optional(),
    slug: slugSchema.optional(),
    description: description.optional(),
    priceAmount: priceAmount.optional(),
    priceType: servicePriceType.optional(),
    durationMinutes: durationMinutes.optional(),
    categoryId: catalogIdSchema.optional(),
    images: serviceImages.optional(),
  }),
);
export type ServicePatchRequest = z.input<typeof servicePatchRequest>;

export const managedServiceSchema = z.object({
  id: catalogIdSchema,
  slug: safeText(),
  name: safeText(),
  description: safeText(),
  priceAmount: z.number().int(),
  currency: currencyCodeSchema,
  priceType: z.enum(SERVICE_PRICE_TYPES),
  durationMinutes: z.number().int().positive(),
  category: categoryRefSchema,
  images: z.array(imageSchema),
});
export type ManagedService = z.infer<typeof managedServiceSchema>;

export const managedServicesResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(managedServiceSchema) }),
);
export const managedServiceResponse = envelopeSchema(
  successEnvelopeSchema({ result: managedServiceSchema }),
);

// ---------------------------------------------------------------------------------------------
// Gallery (photos; videos are not uploaded here)

const caption = safeText()
  .trim()
  .max(CATALOG_EDIT_LIMITS.captionMax, {
    error: `caption must be at most ${CATALOG_EDIT_LIMITS.captionMax} characters`,
  });

export const galleryCreateRequest = z.strictObject({
  image: imageSchema,
  caption: caption.default(''),
});
export type GalleryCreateRequest = z.input<typeof galleryCreateRequest>;

export const galleryPatchRequest = somethingToChange(
  z.strictObject({ caption: caption.optional(), position: positionSchema.optional() }),
);
export type GalleryPatchRequest = z.input<typeof galleryPatchRequest>;

/** The gallery as shoppers see it (business.ts), in position order. */
export const managedGalleryResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(galleryItemSchema) }),
);
export const managedGalleryItemResponse = envelopeSchema(
  successEnvelopeSchema({ result: galleryItemSchema }),
);

// ---------------------------------------------------------------------------------------------
// Team

export const teamMemberCreateRequest = z.strictObject({
  name,
  role: name,
  bio: description.default(''),
  photo: imageSchema,
});
export type TeamMemberCreateRequest = z.input<typeof teamMemberCreateRequest>;

export const teamMemberPatchRequest = somethingToChange(
  z.strictObject({
    name: name.optional(),
    role: name.optional(),
    bio: description.optional(),
    photo: imageSchema.optional(),
    position: positionSchema.optional(),
  }),
);
export type TeamMemberPatchRequest = z.input<typeof teamMemberPatchRequest>;

export const managedTeamResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(teamMemberSchema) }),
);
export const managedTeamMemberResponse = envelopeSchema(
  successEnvelopeSchema({ result: teamMemberSchema }),
);

// ---------------------------------------------------------------------------------------------
// Contact messages

export const contactMessagesQuery = z.strictObject({ cursor: safeText().min(1).optional() });

export const contactMessageSchema = z.object({
  id: catalogIdSchema,
  name: safeText(),
  email: safeText(),
  phone: safeText().nullable(),
  message: safeText(),
  createdAt: isoDateTimeSchema,
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** Newest first, CATALOG_EDIT_LIMITS.messagesPageSize a page. */
export const contactMessagesResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(contactMessageSchema) }).extend({
    nextCursor: safeText().nullable(),
  }),
);
export type ContactMessagesResponse = z.infer<typeof contactMessagesResponse>;

/**
 * The currency the editor reads typed prices in before a store's own records tell it (a new store's
 * first dish): Localmart runs in Toronto, and the server always saves the store's own currency.
 */
export const CATALOG_EDIT_FALLBACK_CURRENCY = 'CAD';
