import { addressInputSchema } from '@localmart/contract';
import { z } from 'zod';
import { cleanReturnUrl } from '../../../lib/return-url.ts';

/**
 * The text fields of add-address: the contract's address schema (its rules and messages), minus
 * what is not typed (the map point, the default flag). line2 is typed as text and sent as null
 * when blank, as the contract wants.
 */
export const addressFormSchema = addressInputSchema
  .pick({
    label: true,
    name: true,
    phone: true,
    line1: true,
    city: true,
    region: true,
    postalCode: true,
    instructions: true,
  })
  .extend({ line2: z.string().trim().max(200) });

export const EMPTY_ADDRESS_FORM = {
  label: '',
  name: '',
  phone: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  instructions: '',
};

/** Where a saved address returns to (spec-style return_url, payumoney by default) with its id. */
export function pathAfterSave(returnUrl: string | null, addressId: string): string {
  const [path = '', query = ''] = pathBack(returnUrl).split('?', 2);
  const params = new URLSearchParams(query);
  params.set('address', addressId);
  return `${path}?${params.toString()}`;
}

/** Where the back button goes: the page that sent the shopper here. */
export function pathBack(returnUrl: string | null): string {
  return `/${cleanReturnUrl(returnUrl) ?? 'payumoney'}`;
}
