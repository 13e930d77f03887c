import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../../envelope.ts';
import {
  catalogIdSchema,
  isoDateTimeSchema,
  latitudeSchema,
  longitudeSchema,
} from '../../catalog/schemas/common.ts';
import { commerceMessages as m } from '../commerce-messages.ts';
import { safeText } from '../../schemas/safe-input.ts';

const required = (message: string, max = 200) =>
  safeText({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

/** add-address: a delivery address with where it is (lat/lng decide which stores deliver there). */
export const addressInputSchema = z.strictObject({
  label: safeText().trim().max(40).default(''),
  name: required(m.addressNameRequired, 120),
  phone: safeText({ error: m.addressPhoneInvalid })
    .trim()
    .regex(/^\+?[0-9 ().-]{7,20}$/, { error: m.addressPhoneInvalid }),
  line1: required(m.addressLine1Required),
  line2: safeText().trim().max(200).nullable().default(null),
  city: required(m.addressCityRequired, 120),
  region: required(m.addressRegionRequired, 120),
  postalCode: safeText({ error: m.addressPostalCodeInvalid })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/, { error: m.addressPostalCodeInvalid }),
  /** ISO 3166-1 alpha-2 */
  country: safeText()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((code) => code.toUpperCase())
    .default('CA'),
  lat: latitudeSchema.refine(Number.isFinite, { error: m.addressLocationRequired }),
  lng: longitudeSchema.refine(Number.isFinite, { error: m.addressLocationRequired }),
  instructions: safeText().trim().max(500).default(''),
  isDefault: z.boolean().default(false),
});
export type AddressInput = z.input<typeof addressInputSchema>;

export const addressSchema = z.object({
  id: catalogIdSchema,
  label: safeText(),
  name: safeText(),
  phone: safeText(),
  line1: safeText(),
  line2: safeText().nullable(),
  city: safeText(),
  region: safeText(),
  postalCode: safeText(),
  country: safeText(),
  lat: latitudeSchema,
  lng: longitudeSchema,
  instructions: safeText(),
  isDefault: z.boolean(),
  createdAt: isoDateTimeSchema,
});
export type Address = z.infer<typeof addressSchema>;

/** "12 King St W, Apt 4, Toronto ON M5H 1A1": one line for lists and order pages. */
export function addressLine(address: Omit<Address, 'id' | 'createdAt' | 'lat' | 'lng'>): string {
  const street = [address.line1, address.line2].filter(Boolean).join(', ');
  return `${street}, ${address.city} ${address.region} ${address.postalCode}`.trim();
}

export const addressesResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(addressSchema) }),
);
export const addressResponse = envelopeSchema(successEnvelopeSchema({ result: addressSchema }));
