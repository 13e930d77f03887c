import { z } from 'zod';
import { safeText } from '../../schemas/safe-input.ts';

/**
 * contacts: the store contact form. The server emails the store (reply-to the shopper) and keeps the
 * message for the store owner's inbox in Manage Your Store.
 */
export const CONTACT_MESSAGE_MAX = 2000;

export const businessContactRequest = z.object({
  name: safeText({ error: 'Please enter your name' }, { label: 'your name' })
    .trim()
    .min(1, { error: 'Please enter your name' })
    .max(80, { error: 'Name must be at most 80 characters' }),
  email: safeText({ error: 'Please enter email' }, { label: 'your email' })
    .trim()
    .min(1, { error: 'Please enter email' })
    .max(254, { error: 'Please enter a valid email' })
    .pipe(z.email({ error: 'Please enter a valid email' })),
  phone: safeText(undefined, { label: 'your phone number' })
    .trim()
    .max(30, { error: 'Phone must be at most 30 characters' })
    .optional(),
  message: safeText({ error: 'Please enter a message' }, { label: 'your message' })
    .trim()
    .min(10, { error: 'Message must be at least 10 characters' })
    .max(CONTACT_MESSAGE_MAX, {
      error: `Message must be at most ${CONTACT_MESSAGE_MAX} characters`,
    }),
});
export type BusinessContactRequest = z.infer<typeof businessContactRequest>;

/** Shown after the store was emailed. */
export const CONTACT_SENT_MESSAGE = 'Your message has been sent to the store.';
