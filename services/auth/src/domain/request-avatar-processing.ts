import type { AuthContext } from '../context';
import type { Id } from '../data/ids';

/**
 * Enqueues the avatar job for a stored upload and waits for it up to `settings.avatarWaitMs`, so the response
 * usually carries the processed avatar already. When the worker is slower (or down) the caller answers anyway
 * with `avatar: null`; the job completes later and publishes user.updated.
 */
export async function requestAvatarProcessing(
  ctx: AuthContext,
  props: { userId: Id; uploadId: Id },
): Promise<void> {
  const job = await ctx.queues.avatars.add(
    'process',
    { userId: props.userId.toHexString(), uploadId: props.uploadId.toHexString() },
    { jobId: props.uploadId.toHexString() },
  );
  if (ctx.settings.avatarWaitMs <= 0) return;
  try {
    await job.waitUntilFinished(ctx.queues.avatarEvents, ctx.settings.avatarWaitMs);
  } catch (error) {
    ctx.logger.warn(
      { err: error, userId: props.userId.toHexString(), jobId: job.id },
      'avatar not ready in time; answering without it',
    );
  }
}
