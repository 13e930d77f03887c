import { categories, products } from '../../../db/schema/index.ts';

/**
 * The brand content every product answer carries (cards and the product page), selected from
 * products joined to categories on `products.category_id`.
 */
export const productCardColumns = {
  id: products.id,
  slug: products.slug,
  title: products.title,
  brand: products.brand,
  gtin: products.gtin,
  images: products.images,
  category: { id: categories.id, slug: categories.slug, name: categories.name },
} as const;
