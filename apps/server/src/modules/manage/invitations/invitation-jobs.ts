import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invitationMailLive } from './invitations.service.ts';

/** The guard kind of invitation mails; its ref is the sha256 of the link's token. */
export const INVITATION_MAIL_GUARD = 'store-invitation';

/**
 * An invitation mail is delivered only while its link works: one withdrawn, answered, expired or
 * superseded by a resend (a new token) while SMTP was down is dropped rather than sent late. A mail
 * given up needs nothing undone: the owner sees the invitation pending and can resend it. Registered
 * in every role, since workers deliver the mail.
 */
export const invitationJobsPlugin = fp(
  async (app: FastifyInstance) => {
    app.mailer.guard(INVITATION_MAIL_GUARD, {
      live: (tokenHash) => invitationMailLive(app.db, tokenHash, app.now()),
      failed: async () => undefined,
    });
  },
  { name: 'invitation-jobs', fastify: '5.x', dependencies: ['mailer', 'clock'] },
);
