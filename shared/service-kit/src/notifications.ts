import path from 'node:path';
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import type { Logger } from 'pino';
import { z } from 'zod';
import { createMailer, type Mailer, type MailMessage } from './mailer';
import { createQueue, startWorker, type QueueConnection, type RunningWorker } from './queues';

/** The one queue of outgoing e-mail, shared by every service (design.md, Jobs: notifications). */
export const NOTIFICATION_QUEUE = 'notifications';

/**
 * Retried with a growing backoff for about 2.5 minutes (an SMTP server restarting, a greylisting answer);
 * sent mail kept a day, failures a month so an admin can see who did not get what.
 */
export const NOTIFICATION_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 24 * 3_600 },
  removeOnFail: { age: 30 * 24 * 3_600 },
} as const;

/** A job of the queue: the whole message, rendered by the service that enqueued it. */
export type NotificationMail = MailMessage;

const NotificationMailSchema = z.object({
  to: z.string().min(3),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string().optional(),
});

/** The e-mail variables of a service that sends or enqueues mail; spread into its zod config schema. */
export const mailEnv = {
  /** SMTP server for e-mail; unset: messages are written to DATA_DIR/outbox as .eml files. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('NomadSwap <no-reply@nomadswap.example>'),
  /** Public address of the web app, linked from e-mails when set (e.g. https://nomadswap.example). */
  PUBLIC_URL: z.url({ error: 'must be a URL' }).optional(),
};

export interface NotificationQueue {
  /**
   * Puts one e-mail on the queue. A `jobId` makes it idempotent: enqueuing the same id again (a retried request,
   * a redelivered event) sends nothing more while the first job is kept.
   */
  enqueue(mail: NotificationMail, options?: { jobId?: string }): Promise<void>;
  /** The BullMQ queue itself (tests and admin tools read its jobs). */
  queue: Queue<NotificationMail>;
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The producer side of the `notifications` queue, on the service's ordinary Redis client. */
export function createNotificationQueue(options: QueueConnection): NotificationQueue {
  const queue = createQueue<NotificationMail>(NOTIFICATION_QUEUE, {
    ...options,
    defaultJobOptions: NOTIFICATION_JOB_OPTIONS,
  });
  return {
    queue,
    async enqueue(mail, enqueueOptions = {}) {
      const data = NotificationMailSchema.parse(mail);
      // BullMQ's name is only a label; the subject says what it was to whoever reads the queue.
      await queue.add(data.subject, data, enqueueOptions.jobId ? { jobId: enqueueOptions.jobId } : {});
    },
    ready: () => queue.waitUntilReady().then(() => undefined),
    close: () => queue.close(),
  };
}

/** Sends one queued e-mail; a job that is not an e-mail (an older shape) fails at once, without retries. */
export function notificationProcessor(mailer: Mailer) {
  return async (job: Job<NotificationMail>): Promise<{ sent: true }> => {
    const mail = NotificationMailSchema.safeParse(job.data);
    if (!mail.success) throw new UnrecoverableError(`not an e-mail: ${mail.error.message}`);
    await mailer.send(mail.data);
    return { sent: true };
  };
}

export interface NotificationWorkerOptions {
  redisUrl: string;
  /** BullMQ key prefix; must match the producers'. */
  prefix: string;
  logger: Logger;
  /** Where mail goes: `createMailer(…)`, or `mailerFromConfig(config)`. Closed with the worker. */
  mailer: Mailer;
  /** Names the connection and the log lines, e.g. `auth-notification-worker`. */
  name?: string;
}

/**
 * Processes the `notifications` queue, one e-mail at a time. Any service's worker process may run it: a job
 * holds the finished message, so it needs nothing of the service that enqueued it.
 */
export function startNotificationWorker(
  options: NotificationWorkerOptions,
): RunningWorker<NotificationMail, { sent: true }> {
  return startWorker({
    queue: NOTIFICATION_QUEUE,
    processor: notificationProcessor(options.mailer),
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    logger: options.logger,
    name: options.name ?? 'notification-worker',
    concurrency: 1,
    onClose: async () => options.mailer.close(),
  });
}

/** The mailer a service's configuration asks for: SMTP_URL, else `.eml` files in DATA_DIR/outbox. */
export function mailerFromConfig(config: { SMTP_URL?: string; MAIL_FROM: string; DATA_DIR: string }): Mailer {
  return createMailer({
    smtpUrl: config.SMTP_URL,
    outboxDir: path.resolve(config.DATA_DIR, 'outbox'),
    from: config.MAIL_FROM,
  });
}
