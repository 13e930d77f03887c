import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../jobs/jobs.plugin.ts';
import type { MailGuard, MailGuardRef, Mailer, MailMessage } from './mailer.ts';
import type { SmtpDelivery } from './transports.ts';

/** The pg-boss queue every email sent over SMTP goes through. */
export const MAIL_QUEUE = 'mail';

export interface MailJob {
  message: MailMessage;
  guard?: MailGuardRef;
}

export interface MailRetry {
  /** Attempts after the first (default 10). */
  limit: number;
  /** First wait in seconds; pg-boss doubles it each time, with jitter (default 30 s: 30 s … ~8 h). */
  delaySeconds: number;
}

export const DEFAULT_MAIL_RETRY: MailRetry = { limit: 10, delaySeconds: 30 };

/**
 * With SMTP_URL: `send` only inserts a job (inside the caller's transaction when given one), so no
 * request ever waits on SMTP and a known and an unknown email answer alike. A worker delivers it.
 */
export function queuedMailer(
  jobs: Jobs,
  log: FastifyBaseLogger,
  retry: MailRetry,
  guards: Map<string, MailGuard>,
): Mailer {
  return {
    kind: 'smtp',
    async send(message, options) {
      try {
        const job: MailJob = { message, ...(options?.guard ? { guard: options.guard } : {}) };
        await jobs.boss.send(MAIL_QUEUE, job, {
          ...(options?.db ? { db: jobs.db(options.db) } : {}),
          retryLimit: retry.limit,
          retryDelay: retry.delaySeconds,
          retryBackoff: true,
          // One attempt is bounded by the SMTP timeouts (about 40 s at worst); a worker that died
          // mid-attempt has its job expired and retried after this.
          expireInSeconds: 60,
        });
        return true;
      } catch (error) {
        log.error({ err: error, subject: message.subject }, 'email could not be queued');
        return false;
      }
    },
    guard(kind, guard) {
      guards.set(kind, guard);
    },
    close: async () => undefined,
  };
}

/**
 * The worker: one SMTP attempt per job. A failure is logged and thrown, so pg-boss retries with
 * backoff; after the last attempt the job stays `failed`, where admins see it and can retry it.
 * A guarded mail (a verification code) is delivered only while its guard says it is live: a code
 * replaced by a resend, or expired while SMTP was down, is not delivered late. When its last
 * attempt fails, its guard hears of it (the code dies, so resend sends a new one at once).
 */
export async function startMailWorker(
  jobs: Jobs,
  smtp: SmtpDelivery,
  log: FastifyBaseLogger,
  guards: ReadonlyMap<string, MailGuard>,
): Promise<void> {
  await jobs.work<MailJob>(MAIL_QUEUE, async (job) => {
    const { message, guard: ref } = job.data;
    const guard = ref ? guards.get(ref.kind) : undefined;
    if (guard && ref && !(await guard.live(ref.ref))) {
      log.info(
        { subject: message.subject, jobId: job.id },
        'email dropped: what it carries is no longer valid',
      );
      // Kept as the completed job's output: completed, and on purpose not delivered.
      return { dropped: 'no longer valid' };
    }
    try {
      await smtp.deliver(message);
    } catch (error) {
      log.error(
        { err: error, subject: message.subject, jobId: job.id },
        'email could not be sent over SMTP; it stays queued for a retry',
      );
      // The last attempt: the mail is given up, and what it carried with it.
      if (guard && ref && job.retryCount >= job.retryLimit) await guard.failed(ref.ref);
      throw error;
    }
  });
}
