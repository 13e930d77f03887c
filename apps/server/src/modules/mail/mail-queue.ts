import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../jobs/jobs.plugin.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import type { SmtpDelivery } from './transports.ts';

/** The pg-boss queue every email sent over SMTP goes through. */
export const MAIL_QUEUE = 'mail';

export interface MailJob {
  message: MailMessage;
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
export function queuedMailer(jobs: Jobs, log: FastifyBaseLogger, retry: MailRetry): Mailer {
  return {
    kind: 'smtp',
    async send(message, options) {
      try {
        const job: MailJob = { message };
        await jobs.boss.send(MAIL_QUEUE, job, {
          ...(options?.db ? { db: jobs.db(options.db) } : {}),
          retryLimit: retry.limit,
          retryDelay: retry.delaySeconds,
          retryBackoff: true,
          // One attempt is bounded by the SMTP timeouts (about 40 s at worst); a worker that died
          // mid-attempt has its job expired and retried after this.
          expireInSeconds: 120,
        });
        return true;
      } catch (error) {
        log.error({ err: error, subject: message.subject }, 'email could not be queued');
        return false;
      }
    },
    close: async () => undefined,
  };
}

/**
 * The worker: one SMTP attempt per job. A failure is logged and thrown, so pg-boss retries with
 * backoff; after the last attempt the job stays `failed`, where admins see it and can retry it.
 */
export async function startMailWorker(
  jobs: Jobs,
  smtp: SmtpDelivery,
  log: FastifyBaseLogger,
): Promise<void> {
  await jobs.work<MailJob>(MAIL_QUEUE, async (job) => {
    try {
      await smtp.deliver(job.data.message);
    } catch (error) {
      log.error(
        { err: error, subject: job.data.message.subject, jobId: job.id },
        'email could not be sent over SMTP; it stays queued for a retry',
      );
      throw error;
    }
  });
}
