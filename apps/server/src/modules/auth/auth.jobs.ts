import type { ForgotPasswordRequest } from '@localmart/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { authDeps } from './auth-deps.ts';
import { requestPasswordReset } from './auth.service.ts';
import { CODE_MAIL_GUARD, codeMailGuard } from './codes.ts';

/** Forgot-password requests, when mail goes over SMTP (through the job queue). */
export const PASSWORD_RESET_QUEUE = 'password-reset';

/**
 * With SMTP, forgot-password does the same thing for every email: it queues the request, one insert,
 * and answers. Looking the email up, making the link and queuing its mail happen in a worker, so no
 * part of the answer's time depends on whether the email has an account (issue 13). With the dev
 * outbox (no SMTP_URL, not production) the request does the work itself, so the link is in the
 * outbox when the answer arrives.
 */
export function resetRunsAsJob(app: FastifyInstance): boolean {
  return app.mailer.kind === 'smtp';
}

export async function queuePasswordReset(
  app: FastifyInstance,
  input: ForgotPasswordRequest,
): Promise<void> {
  await app.jobs.boss.send(PASSWORD_RESET_QUEUE, input, {
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 60,
  });
}

/**
 * Auth's background work: the verification-code mail guard (a code mail is delivered only while
 * its code works; a mail given up kills its code, so resend sends a new one at once), and, with
 * SMTP, the forgot-password queue.
 */
export const authJobsPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    app.mailer.guard(CODE_MAIL_GUARD, codeMailGuard(app.db, app.now));
    if (!resetRunsAsJob(app)) return;
    await app.jobs.createQueue(PASSWORD_RESET_QUEUE);
    const deps = authDeps(app, config);
    await app.jobs.work<ForgotPasswordRequest>(PASSWORD_RESET_QUEUE, async (job) => {
      await requestPasswordReset(deps, job.data);
    });
  },
  { name: 'auth-jobs', fastify: '5.x', dependencies: ['jobs', 'mailer', 'clock'] },
);
