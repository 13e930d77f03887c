import { z } from 'zod';
import { successEnvelopeSchema } from '../envelope.ts';
import { businessKindSchema } from '../catalog/schemas/common.ts';
import { BUSINESS_STATUSES, MEMBER_ROLES } from './manage-roles.ts';
import { safeText } from '../schemas/safe-input.ts';

/** A store as listed on the manage site's store switcher. */
export const managedStoreSchema = z.object({
  id: z.uuid(),
  name: safeText(),
  kind: businessKindSchema,
  status: z.enum(BUSINESS_STATUSES),
  role: z.enum([...MEMBER_ROLES, 'admin']),
  /** The store's IANA time zone: order times and deadlines are shown on the store's clock. */
  timeZone: safeText(),
});
export type ManagedStore = z.infer<typeof managedStoreSchema>;

export const manageMeSchema = z.object({
  user: z.object({ id: z.uuid(), name: safeText(), email: safeText() }),
  isAdmin: z.boolean(),
  stores: z.array(managedStoreSchema),
});
export type ManageMe = z.infer<typeof manageMeSchema>;
export const manageMeResponse = successEnvelopeSchema({ result: manageMeSchema });
