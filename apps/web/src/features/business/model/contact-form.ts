import { businessContactRequest } from '@localmart/contract';
import { z } from 'zod';

/**
 * The contact form's values are all text (what the inputs hold); the contract's
 * businessContactRequest decides validity and messages. An empty phone is "not given", not ''.
 */
export const contactFormSchema = z
  .object({ name: z.string(), email: z.string(), phone: z.string(), message: z.string() })
  .transform(({ phone, ...rest }): z.input<typeof businessContactRequest> =>
    phone.trim() === '' ? rest : { ...rest, phone },
  )
  .pipe(businessContactRequest);

export const EMPTY_CONTACT_FORM = { name: '', email: '', phone: '', message: '' };
