import { Worker, type Job } from 'bullmq';
import mongoose from 'mongoose';
import { closeRedis, createRedis } from '@nomadswap/service-kit/redis';
import type { AuthCore } from '../context';
import type { RunningWorker } from './avatar-worker';
import type { Mailer, MailMessage } from './mailer';
import { NOTIFICATION_QUEUE, type NotificationJobData } from './queues';

export const APPROVAL_SUBJECT = 'Your NomadSwap account is approved';

/** The approval e-mail (design.md, Jobs: notifications). */
export function approvalEmail(props: { to: string; fullName: string; publicUrl?: string }): MailMessage {
  const signIn = props.publicUrl ? `\n\nSign in: ${new URL('/auth/login', props.publicUrl).href}` : '';
  return {
    to: props.to,
    subject: APPROVAL_SUBJECT,
    text:
      `Hi ${props.fullName},\n\n` +
      'Good news: an admin has approved your NomadSwap account. You can now list your own items, ' +
      `message other travellers, complete swaps and leave reviews.${signIn}\n\n` +
      'Happy swapping!\nThe NomadSwap team\n',
  };
}

export interface NotificationWorkerOptions {
  core: AuthCore;
  mailer: Mailer;
  redisUrl: string;
  prefix: string;
  publicUrl?: string;
}

/** Sends one notification; the recipient comes from the database, so a deleted user gets nothing. */
export function notificationProcessor(
  options: Pick<NotificationWorkerOptions, 'core' | 'mailer' | 'publicUrl'>,
) {
  return async (job: Job<NotificationJobData>): Promise<{ sent: boolean }> => {
    const { core, mailer } = options;
    switch (job.data.kind) {
      case 'account-approved': {
        const user = await core.users.findById(new mongoose.Types.ObjectId(job.data.userId)).lean();
        if (!user?.isApproved) return { sent: false };
        await mailer.send(
          approvalEmail({ to: user.email, fullName: user.fullName, publicUrl: options.publicUrl }),
        );
        return { sent: true };
      }
    }
  };
}

/** Starts processing the `notifications` queue (used by src/worker.ts and the tests). */
export function startNotificationWorker(options: NotificationWorkerOptions): RunningWorker {
  const connection = createRedis(options.redisUrl, {
    name: 'auth-notification-worker',
    forBullmq: true,
    logger: options.core.logger,
  });
  const worker = new Worker<NotificationJobData, { sent: boolean }>(
    NOTIFICATION_QUEUE,
    notificationProcessor(options),
    { connection, prefix: options.prefix, concurrency: 1 },
  );
  const log = options.core.logger.child({ component: 'notification-worker' });
  worker.on('failed', (job, error) =>
    log.warn({ err: error, jobId: job?.id, attempts: job?.attemptsMade }, 'notification job failed'),
  );
  worker.on('error', (error) => log.error({ err: error }, 'notification worker error'));
  return {
    worker,
    async close() {
      await worker.close();
      await closeRedis(connection);
      options.mailer.close();
    },
  };
}
