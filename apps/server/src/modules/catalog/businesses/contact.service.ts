import type { BusinessContactRequest } from '@localmart/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { shopperVisibleSql } from '../shared/shopper-visibility.ts';
import { businesses, contactMessages } from '../../../db/schema/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { messageRecipients } from '../../manage/alerts/store-alert-mail.ts';
import { publishLive, storeAudience } from '../../live/publish-live.ts';
import { contactEmail } from './contact-email.ts';

export interface ContactInput {
  /** The product's name, so the store knows where the message came from. */
  appName: string;
  businessId: string;
  /** The signed-in shopper, when there is one. */
  userId: string | null;
  form: BusinessContactRequest;
}

/**
 * contacts: keep the message (the owner's inbox in Manage Your Store) and email the store and its
 * members who want messages by email, queued in the message's transaction (so a kept message always
 * has its email on the way; SMTP's own failures are retried by the mail queue).
 * Undefined when the business does not exist.
 */
export async function sendContactMessage(
  db: Database,
  mailer: Mailer,
  { appName, businessId, userId, form }: ContactInput,
): Promise<{ sent: boolean } | undefined> {
  const [store] = await db
    .select({ name: businesses.name, email: businesses.email })
    .from(businesses)
    .where(and(eq(businesses.id, businessId), shopperVisibleSql()));
  if (!store) return undefined;
  // The store's members hear of it live (issue 14) and by email, in the message's own transaction.
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(contactMessages)
      .values({
        businessId,
        userId,
        name: form.name,
        email: form.email,
        phone: form.phone ? form.phone : null,
        message: form.message,
      })
      .returning({ id: contactMessages.id });
    await publishLive(tx, storeAudience(businessId), {
      kind: 'message.received',
      businessId,
      messageId: saved!.id,
    });
    // The store's address, and the members who keep "Messages from shoppers" on (issue 14).
    const to = await messageRecipients(tx, businessId, store.email);
    return { sent: await mailer.send({ ...contactEmail(store, form, appName), to }, { db: tx }) };
  });
}
