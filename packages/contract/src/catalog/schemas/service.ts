import { z } from 'zod';
import { SERVICE_PRICE_TYPES } from '../catalog-labels.ts';
import { businessRefSchema } from './business.ts';
import {
  catalogIdSchema,
  catalogItemResponse,
  catalogPageResponse,
  categoryRefSchema,
  distanceKmSchema,
  imageSchema,
  moneySchema,
} from './common.ts';
import { safeText } from '../../schemas/safe-input.ts';

/**
 * service-details/{businessid}/{serviceid}: an offering of a service provider. `priceType` 'from'
 * means the price is a starting price ("From $120.00", servicePriceLabel).
 */
export const serviceSchema = z.object({
  id: catalogIdSchema,
  business: businessRefSchema,
  name: safeText(),
  description: safeText(),
  price: moneySchema,
  priceType: z.enum(SERVICE_PRICE_TYPES),
  durationMinutes: z.number().int().positive(),
  images: z.array(imageSchema),
  category: categoryRefSchema,
  distanceKm: distanceKmSchema,
});
export type Service = z.infer<typeof serviceSchema>;

export const serviceListResponse = catalogPageResponse(serviceSchema);
export type ServiceListResponse = z.infer<typeof serviceListResponse>;
export const serviceResponse = catalogItemResponse(serviceSchema);
export type ServiceResponse = z.infer<typeof serviceResponse>;
