import type { Job } from 'bullmq';
import { HttpError } from '@nomadswap/service-kit/errors';
import { startWorker, type RunningWorker } from '@nomadswap/service-kit/queues';
import type { Logger } from '@nomadswap/service-kit/logger';
import type { MessagingContext } from '../context';
import { actOnExchange } from '../domain/act-on-exchange';
import { EXCHANGE_TIMER_QUEUE, type ExchangeTimerJob } from '../domain/exchange-timers';

/**
 * A deadline of an exchange came: the system takes the timer's action through the transition table. An exchange
 * that moved on meanwhile (accepted, confirmed by both, ended) refuses it, and the job ends quietly; a deadline not
 * yet reached by this process's clock fails the job, so BullMQ tries again later.
 */
export async function runExchangeTimer(
  ctx: MessagingContext,
  job: Pick<Job<ExchangeTimerJob>, 'data'>,
): Promise<{ status: string }> {
  try {
    const { exchange, changed } = await actOnExchange(ctx, {
      exchangeId: job.data.exchangeId,
      action: job.data.action,
      caller: { system: true },
    });
    return { status: changed ? exchange.status : 'unchanged' };
  } catch (error) {
    if (error instanceof HttpError && error.code === 'NOT_DUE') throw error;
    if (error instanceof HttpError) return { status: `skipped: ${error.code}` };
    throw error;
  }
}

/** The worker of the exchange deadlines, in every messaging process (BullMQ hands each job to one of them). */
export function startExchangeTimerWorker(
  ctx: MessagingContext,
  options: { redisUrl: string; prefix: string; logger: Logger },
): RunningWorker<ExchangeTimerJob, { status: string }> {
  return startWorker({
    queue: EXCHANGE_TIMER_QUEUE,
    processor: (job) => runExchangeTimer(ctx, job),
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    logger: options.logger,
    name: 'exchange-timers',
    concurrency: 2,
  });
}
