import { z } from 'zod';
import { businessRefSchema } from './business.ts';
import {
  catalogIdSchema,
  catalogItemResponse,
  catalogListResponse,
  catalogPageResponse,
  distanceKmSchema,
  imageSchema,
  moneySchema,
} from './common.ts';
import { safeText } from '../../schemas/safe-input.ts';

export const DIETARY_TAGS = [
  'vegetarian',
  'vegan',
  'gluten_free',
  'dairy_free',
  'nut_free',
  'halal',
  'spicy',
] as const;
export type DietaryTag = (typeof DIETARY_TAGS)[number];
export const dietaryTagSchema = z.enum(DIETARY_TAGS, {
  error: `dietary tag must be one of ${DIETARY_TAGS.join(', ')}`,
});

export const DIETARY_TAG_LABELS = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  gluten_free: 'Gluten-free',
  dairy_free: 'Dairy-free',
  nut_free: 'Nut-free',
  halal: 'Halal',
  spicy: 'Spicy',
} as const satisfies Record<DietaryTag, string>;

export const menuItemOptionSchema = z.object({
  id: catalogIdSchema,
  name: safeText(),
  /** Added to the item price when chosen; 0 for included choices ("Oat milk +$0.70"). */
  priceDelta: moneySchema,
});
export type MenuItemOption = z.infer<typeof menuItemOptionSchema>;

/**
 * A choice the diner makes: "Size" (min 1, max 1), "Toppings" (min 0, max 5). minChoices 0 makes it
 * optional; maxChoices never exceeds the options offered. The rules are shared with the store's
 * editing schema (manage/catalog-editing.ts), so both refuse the same groups with the same words.
 */
export function withChoiceRules<
  Group extends z.ZodType<{ minChoices: number; maxChoices: number; options: readonly unknown[] }>,
>(group: Group): Group {
  return group
    .refine((value) => value.minChoices <= value.maxChoices, {
      error: 'The minimum number of choices cannot be more than the maximum.',
      path: ['minChoices'],
    })
    .refine((value) => value.maxChoices <= value.options.length, {
      error: 'The maximum number of choices cannot be more than the number of options.',
      path: ['maxChoices'],
    });
}

export const menuItemOptionGroupSchema = withChoiceRules(
  z.object({
    id: catalogIdSchema,
    name: safeText(),
    minChoices: z.number().int().nonnegative(),
    maxChoices: z.number().int().positive(),
    options: z.array(menuItemOptionSchema).min(1),
  }),
);
export type MenuItemOptionGroup = z.infer<typeof menuItemOptionGroupSchema>;

export const menuItemSchema = z.object({
  id: catalogIdSchema,
  name: safeText(),
  description: safeText(),
  price: moneySchema,
  image: imageSchema.nullable(),
  dietaryTags: z.array(dietaryTagSchema),
  optionGroups: z.array(menuItemOptionGroupSchema),
  /** False when the kitchen has run out today: shown, not orderable. */
  available: z.boolean(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuSectionSchema = z.object({
  id: catalogIdSchema,
  name: safeText(),
  description: safeText().nullable(),
  items: z.array(menuItemSchema),
});
export type MenuSection = z.infer<typeof menuSectionSchema>;

/** menu-details/{businessid}/{menuid}: one menu with its sections in order. */
export const menuSchema = z.object({
  id: catalogIdSchema,
  business: businessRefSchema,
  name: safeText(),
  description: safeText().nullable(),
  sections: z.array(menuSectionSchema),
});
export type Menu = z.infer<typeof menuSchema>;

/** A restaurant's menus as listed on its page (menulist). */
export const menuSummarySchema = menuSchema.omit({ sections: true }).extend({
  itemCount: z.number().int().nonnegative(),
  image: imageSchema.nullable(),
});
export type MenuSummary = z.infer<typeof menuSummarySchema>;

/** food-items: dishes across nearby restaurants, each linking back to its menu. */
export const foodItemSummarySchema = menuItemSchema.omit({ optionGroups: true }).extend({
  menuId: catalogIdSchema,
  business: businessRefSchema,
  distanceKm: distanceKmSchema,
});
export type FoodItemSummary = z.infer<typeof foodItemSummarySchema>;

export const menuListResponse = catalogListResponse(menuSummarySchema);
export type MenuListResponse = z.infer<typeof menuListResponse>;
export const menuResponse = catalogItemResponse(menuSchema);
export type MenuResponse = z.infer<typeof menuResponse>;
export const foodItemListResponse = catalogPageResponse(foodItemSummarySchema);
export type FoodItemListResponse = z.infer<typeof foodItemListResponse>;
