import { z } from 'zod';
import { businessKindSchema, catalogIdSchema, catalogListResponse, slugSchema } from './common.ts';
import { safeText } from '../../schemas/safe-input.ts';

/**
 * A node of a category tree. Each business kind has its own tree: retail is a product taxonomy
 * (Grocery > Dairy & Eggs > Milk), restaurants are cuisines, services are trades. Businesses and
 * products point at nodes by id; the tree arrives whole (it is small) for the category modal.
 */
export interface CategoryNode {
  id: string;
  slug: string;
  name: string;
  kind: z.infer<typeof businessKindSchema>;
  parentId: string | null;
  children: CategoryNode[];
}

export const categoryNodeSchema: z.ZodType<CategoryNode> = z.object({
  id: catalogIdSchema,
  slug: slugSchema,
  name: safeText(),
  kind: businessKindSchema,
  parentId: catalogIdSchema.nullable(),
  get children() {
    return z.array(categoryNodeSchema);
  },
});

/** GET categories?kind=retail: the roots of that kind's tree, children nested. */
export const categoryTreeResponse = catalogListResponse(categoryNodeSchema);
export type CategoryTreeResponse = z.infer<typeof categoryTreeResponse>;
